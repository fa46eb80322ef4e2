/**
 * @module search-text
 * Keeps word boundaries in the text Redoc's search indexes and shows in its result snippets.
 * Redoc 3 turns a description's Markdoc tree into plain text by joining the `content` of its
 * nodes with nothing between them, so a line break inside a paragraph ("enabled and⏎returns"),
 * the end of a paragraph, a list item or a table cell all vanish: the index holds "andreturns",
 * a search for "and returns" misses, and snippets read "andreturns". Redoc has no option for
 * this, so the build replaces that function in the page's inlined script with one that puts a
 * space at soft and hard line breaks and between block elements. Inline elements (code, links,
 * emphasis) are still joined as they are, so heading texts, and the section ids Redoc derives
 * from them, do not change.
 */

/**
 * Redoc's text extractor as `@redocly/cli` 2.77.0 inlines it (names are minified: `$1` is the
 * function, `$2` the test that skips `<script>` and `<style>`).
 */
const EXTRACTOR =
  /function ([\w$]+)\(e\)\{let t=\[\];function n\(e\)\{if\(!([\w$]+)\(e\)\)\{typeof e\.attributes\?\.content==`string`&&t\.push\(e\.attributes\.content\);for\(let t of e\.children\?\?\[\]\)n\(t\)\}\}return n\(e\),t\.join\(``\)\}/g;

/** Markdoc node types that separate words: line breaks and block elements. */
export const WORD_SEPARATING_NODES = Object.freeze([
  'softbreak',
  'hardbreak',
  'paragraph',
  'heading',
  'blockquote',
  'fence',
  'hr',
  'list',
  'item',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

/** HTML elements (raw HTML in a description) that separate words. */
export const WORD_SEPARATING_HTML = Object.freeze(['br', 'p', 'div', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4']);

/**
 * The replacement extractor: Redoc's, plus a space before a word-separating node when the text so
 * far does not end in whitespace.
 * @param {string} name the minified function name
 * @param {string} skip the minified name of Redoc's `<script>`/`<style>` test
 * @returns {string}
 */
function extractor(name, skip) {
  const nodes = JSON.stringify(WORD_SEPARATING_NODES);
  const html = JSON.stringify(WORD_SEPARATING_HTML);
  const separates =
    `(${nodes}.includes(e.type)||e.type==="tag"&&e.tag==="html"&&${html}.includes(e.attributes?.name))` +
    '&&t.length>0&&!/\\s$/.test(t[t.length-1])&&t.push(" ");';
  return (
    `function ${name}(e){let t=[];function n(e){if(!${skip}(e)){${separates}` +
    'typeof e.attributes?.content=="string"&&t.push(e.attributes.content);for(let t of e.children??[])n(t)}}' +
    'return n(e),t.join("")}'
  );
}

/**
 * Replaces Redoc's text extractor in `html` with one that keeps word boundaries. Throws when the
 * page does not hold Redoc's extractor exactly once (another Redoc version: check this module).
 * @param {string} html the page written by `redocly build-docs --inlineBundle`
 * @returns {string}
 */
export function withWordBoundariesInSearch(html) {
  const found = [...html.matchAll(EXTRACTOR)];
  if (found.length !== 1) {
    throw new Error(
      `expected Redoc's search text extractor once in the rendered page, found it ${found.length} times: ` +
        'a different Redoc version? Update src/search-text.js.',
    );
  }
  return html.replace(EXTRACTOR, (_match, name, skip) => extractor(name, skip));
}
