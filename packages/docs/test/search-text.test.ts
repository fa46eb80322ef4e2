import { describe, expect, it } from 'vitest';
import { withWordBoundariesInSearch } from '../src/search-text.js';

/** Redoc's text extractor and its `<script>`/`<style>` test, as @redocly/cli 2.77.0 inlines them. */
const REDOC_SCRIPT =
  'function Yae(e){return e.type===`tag`&&e.tag===`html`&&(e.attributes.name===`script`||e.attributes.name===`style`)}' +
  'function QT(e){let t=[];function n(e){if(!Yae(e)){typeof e.attributes?.content==`string`&&t.push(e.attributes.content);' +
  'for(let t of e.children??[])n(t)}}return n(e),t.join(``)}';

interface MarkdocNode {
  type: string;
  tag?: string;
  attributes?: Record<string, unknown>;
  children?: MarkdocNode[];
}

/** Loads the extractor `QT` from a script. */
function extractorOf(script: string): (node: MarkdocNode) => string {
  return new Function(`${script}; return QT;`)() as (node: MarkdocNode) => string;
}

const text = (content: string): MarkdocNode => ({ type: 'text', attributes: { content } });
const code = (content: string): MarkdocNode => ({ type: 'code', attributes: { content } });
const inline = (...children: MarkdocNode[]): MarkdocNode => ({ type: 'inline', children });
const block = (type: string, ...children: MarkdocNode[]): MarkdocNode => ({ type, children });
const html = (name: string, ...children: MarkdocNode[]): MarkdocNode => ({
  type: 'tag',
  tag: 'html',
  attributes: { name },
  children,
});

describe('withWordBoundariesInSearch', () => {
  const fixed = extractorOf(withWordBoundariesInSearch(REDOC_SCRIPT));
  const redoc = extractorOf(REDOC_SCRIPT);

  const cases: Array<[string, MarkdocNode, string, string]> = [
    [
      'a line break inside a paragraph',
      block('paragraph', inline(text('enabled and'), { type: 'softbreak' }, text('returns a token'))),
      'enabled andreturns a token',
      'enabled and returns a token',
    ],
    [
      'a hard line break',
      block('paragraph', inline(text('one'), { type: 'hardbreak' }, text('two'))),
      'onetwo',
      'one two',
    ],
    [
      'two paragraphs',
      block('document', block('paragraph', inline(text('partner A.'))), block('paragraph', inline(text('Hand it')))),
      'partner A.Hand it',
      'partner A. Hand it',
    ],
    [
      'list items',
      block('list', block('item', inline(text('first'))), block('item', inline(text('second')))),
      'firstsecond',
      'first second',
    ],
    [
      'table cells',
      block(
        'table',
        block('tbody', block('tr', block('td', inline(code('MISSING_FIELDS'))), block('td', inline(text('400'))))),
      ),
      'MISSING_FIELDS400',
      'MISSING_FIELDS 400',
    ],
    [
      'raw HTML line break and cells',
      block('paragraph', inline(text('a'), html('br'), text('b'), html('td', text('c')))),
      'abc',
      'a b c',
    ],
    [
      'inline elements stay joined (a heading keeps its text and so its id)',
      block('heading', inline(text('Workflow '), code('itemLifecycle'), text('s'))),
      'Workflow itemLifecycles',
      'Workflow itemLifecycles',
    ],
    [
      'a code split by <wbr> stays one word',
      block('td', inline(html('code', text('MISSING_'), html('wbr'), text('FIELDS')))),
      'MISSING_FIELDS',
      'MISSING_FIELDS',
    ],
    [
      'no second space where the text ends in one',
      block('paragraph', inline(text('word '), { type: 'softbreak' }, text('next'))),
      'word next',
      'word next',
    ],
    [
      'script and style are still skipped',
      block('paragraph', inline(text('shown'), html('script', text('hidden')))),
      'shown',
      'shown',
    ],
  ];
  it.each(cases)('%s', (_name, node, before, after) => {
    expect(redoc(node)).toBe(before);
    expect(fixed(node)).toBe(after);
  });

  it.each([
    ['absent', 'function other(){}', /found it 0 times/],
    ['present twice', `${REDOC_SCRIPT};${REDOC_SCRIPT.replaceAll('QT', 'QU')}`, /found it 2 times/],
  ])("refuses a page where Redoc's extractor is %s", (_name, script, error) => {
    expect(() => withWordBoundariesInSearch(script)).toThrow(error);
  });
});
