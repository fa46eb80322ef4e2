import { describe, expect, it } from 'vitest';
import { PAGE_STYLE, PAGE_STYLE_ID, withPageStyle } from '../src/page-style.js';
import { findRemoteReferences } from '../src/self-contained.js';

describe('withPageStyle', () => {
  it("adds the style at the end of the head, after Redoc's styles", () => {
    const html = '<html><head><style>a{}</style></head><body></body></html>';
    expect(withPageStyle(html)).toBe(
      `<html><head><style>a{}</style><style id="${PAGE_STYLE_ID}">${PAGE_STYLE}</style>\n</head><body></body></html>`,
    );
  });

  it.each([
    ['a page without a head', '<html><body></body></html>', /no <\/head>/],
    ['a page that has the style already', withPageStyle('<head></head>'), /already has/],
  ])('refuses %s', (_name, html, error) => {
    expect(() => withPageStyle(html)).toThrow(error);
  });

  it('loads nothing from another host', () => {
    expect(findRemoteReferences(withPageStyle('<head></head>'))).toEqual([]);
  });
});
