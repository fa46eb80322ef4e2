/**
 * @module literals
 * Renders JSON values as source text for the code samples: a TypeScript object literal and a
 * single-quoted POSIX shell word. Both are exact: evaluating the output gives the input back.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A single-quoted TypeScript string literal of `text`.
 * @param {string} text
 * @returns {string}
 */
export function typescriptString(text) {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${escaped}'`;
}

/**
 * A TypeScript literal of a JSON value, indented by two spaces per level, with trailing commas.
 * Object keys are bare when they are identifiers (`access_token`), quoted otherwise.
 * @param {unknown} value a JSON value (the parsed request example)
 * @param {string} [indent] the indentation of the line the literal starts on
 * @returns {string}
 */
export function typescriptLiteral(value, indent = '') {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') {
    return String(value);
  }
  if (typeof value === 'string') {
    return typescriptString(value);
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return '[]';
    }
    const items = value.map((item) => `${inner}${typescriptLiteral(item, inner)},`);
    return `[\n${items.join('\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) {
      return '{}';
    }
    const lines = entries.map(([key, item]) => {
      const name = IDENTIFIER.test(key) ? key : typescriptString(key);
      return `${inner}${name}: ${typescriptLiteral(item, inner)},`;
    });
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  throw new TypeError(`not a JSON value: ${typeof value}`);
}

/**
 * `text` as one POSIX shell word in single quotes (a `'` inside becomes `'\''`).
 * @param {string} text
 * @returns {string}
 */
export function shellQuote(text) {
  return `'${text.replace(/'/g, "'\\''")}'`;
}
