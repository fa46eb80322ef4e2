import { describe, expect, it } from 'vitest';
import { breakableCode, withBreakableTableCodes, withTableCodeBreaks } from '../src/table-codes.js';

describe('breakableCode', () => {
  it.each([
    ['MISSING_FIELDS', '<code>MISSING_<wbr>FIELDS</code>'],
    ['/item/public_token/exchange', '<code>/<wbr>item/<wbr>public_<wbr>token/<wbr>exchange</code>'],
    ['options.override_username', '<code>options.override_<wbr>username</code>'],
    ['TRAILING_', '<code>TRAILING_</code>'],
  ])('%s', (code, want) => {
    expect(breakableCode(code)).toBe(want);
  });
});

describe('withBreakableTableCodes', () => {
  const cases: Array<[string, string, string]> = [
    [
      'codes with "_" in a table row',
      '| `MISSING_FIELDS` | `INVALID_REQUEST` | 400 |',
      '| <code>MISSING_<wbr>FIELDS</code> | <code>INVALID_<wbr>REQUEST</code> | 400 |',
    ],
    [
      'a header row and the delimiter row',
      '| `error_code` | HTTP |\n|---|---|',
      '| <code>error_<wbr>code</code> | HTTP |\n|---|---|',
    ],
    ['an indented row', '  | `A_B` |', '  | <code>A_<wbr>B</code> |'],
    ['a code without "_" or "/" stays Markdown', '| `NOT-FOUND` | `cancellable` |', '| `NOT-FOUND` | `cancellable` |'],
    ['a code with other characters stays Markdown', "| `error_code == 'X_Y'` |", "| `error_code == 'X_Y'` |"],
    ['a double-backtick span stays Markdown', '| ``A_B`` |', '| ``A_B`` |'],
    ['a code outside a table stays Markdown', 'Send `client_id` in the body.', 'Send `client_id` in the body.'],
    [
      'a table in a fenced block stays as it is',
      '```\n| `A_B` |\n```\n| `C_D` |',
      '```\n| `A_B` |\n```\n| <code>C_<wbr>D</code> |',
    ],
    ['a fence closed only by its own kind', '~~~\n```\n| `A_B` |\n~~~', '~~~\n```\n| `A_B` |\n~~~'],
  ];
  it.each(cases)('%s', (_name, markdown, want) => {
    expect(withBreakableTableCodes(markdown)).toBe(want);
  });
});

describe('withTableCodeBreaks', () => {
  const table = '| `A_B` |\n|---|';
  const rewritten = '| <code>A_<wbr>B</code> |\n|---|';

  it('rewrites every description of a copy of the document and keeps data as it is', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1', description: table },
      tags: [{ name: 'Items', description: table }],
      paths: {
        '/x': {
          post: {
            description: table,
            responses: {
              '200': {
                description: table,
                content: {
                  'application/json': {
                    schema: { properties: { note: { description: table, examples: [{ description: table }] } } },
                    examples: { one: { description: table, value: { description: table } } },
                  },
                },
              },
            },
            'x-codeSamples': [{ lang: 'curl', source: table, description: table }],
          },
        },
      },
    };
    const before = structuredClone(document);
    const result = withTableCodeBreaks(document) as typeof document;
    expect(document).toEqual(before);
    const post = result.paths['/x'].post;
    const media = post.responses['200'].content['application/json'];
    expect([
      result.info.description,
      result.tags[0]?.description,
      post.description,
      post.responses['200'].description,
      media.schema.properties.note.description,
      media.examples.one.description,
    ]).toEqual(Array(6).fill(rewritten));
    expect(media.schema.properties.note.examples).toEqual([{ description: table }]);
    expect(media.examples.one.value).toEqual({ description: table });
    expect(post['x-codeSamples']).toEqual(before.paths['/x'].post['x-codeSamples']);
  });
});
