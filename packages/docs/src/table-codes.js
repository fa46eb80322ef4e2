/**
 * @module table-codes
 * Lets long codes in Markdown table cells (`SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID`,
 * `/item/public_token/exchange`) wrap only after a `_` or `/`, never inside a word. In a table
 * cell, an inline code span made of identifier characters that holds `_` or `/` becomes
 * `<code>…_<wbr>…</code>`: `<wbr>` is a break opportunity, not a character, so the code reads,
 * copies and searches as before, and stays on one line whenever the column is wide enough. The
 * page style (page-style.js) forbids breaks anywhere else in a code. Done at docs build time on
 * the docs-only copy of the document, like the code samples.
 */

/** @typedef {import('@svc/openapi-kit').OpenApiDocument} OpenApiDocument */

/** A code span whose text may be rewritten: identifier, path and dotted-name characters only. */
const BREAKABLE_CODE = /^[A-Za-z0-9_./:-]*[_/][A-Za-z0-9_./:-]*$/;

/** An inline code span with single backticks. */
const CODE_SPAN = /(?<!`)`([^`\n]+)`(?!`)/g;

/** The opening line of a fenced code block. */
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * The HTML of a code whose lines may break after each `_` and `/` (not after a trailing one).
 * @param {string} code the code span's text, of {@link BREAKABLE_CODE} characters
 * @returns {string}
 */
export function breakableCode(code) {
  return `<code>${code.replace(/([_/])(?=.)/g, '$1<wbr>')}</code>`;
}

/**
 * Rewrites the breakable code spans of the table rows of a Markdown text; lines outside tables
 * and inside fenced code blocks are kept as they are.
 * @param {string} markdown
 * @returns {string}
 */
export function withBreakableTableCodes(markdown) {
  /** @type {string | undefined} */
  let fence;
  return markdown
    .split('\n')
    .map((line) => {
      const opening = FENCE.exec(line)?.[1];
      if (fence !== undefined) {
        if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length) {
          fence = undefined;
        }
        return line;
      }
      if (opening) {
        fence = opening;
        return line;
      }
      if (!line.trimStart().startsWith('|')) {
        return line;
      }
      return line.replace(CODE_SPAN, (span, code) => (BREAKABLE_CODE.test(code) ? breakableCode(code) : span));
    })
    .join('\n');
}

/**
 * Keys whose values are data (examples, defaults, enums, code samples), not descriptions: a
 * `description` field of an example stays as it is.
 */
const DATA_KEYS = new Set(['example', 'value', 'default', 'const', 'enum', 'x-codeSamples']);

/**
 * A copy of `value` with every `description` string rewritten by {@link withBreakableTableCodes}.
 * @template T
 * @param {T} value
 * @returns {T}
 */
function rewriteDescriptions(value) {
  if (Array.isArray(value)) {
    return /** @type {T} */ (value.map((item) => rewriteDescriptions(item)));
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  const entries = Object.entries(value).map(([key, item]) => {
    if (key === 'description' && typeof item === 'string') {
      return [key, withBreakableTableCodes(item)];
    }
    // A schema's `examples` is an array of data; a media type's is a map of Example Objects.
    const data = DATA_KEYS.has(key) || (key === 'examples' && Array.isArray(item));
    return [key, data ? item : rewriteDescriptions(item)];
  });
  return /** @type {T} */ (Object.fromEntries(entries));
}

/**
 * A copy of the document whose Markdown tables (in any `description`) let long codes wrap only
 * after `_` and `/`.
 * @param {OpenApiDocument} document
 * @returns {OpenApiDocument}
 */
export function withTableCodeBreaks(document) {
  return rewriteDescriptions(document);
}
