/**
 * @module spec-gate/pointer
 * JSON Pointers in URI fragment form (`#/paths/~1item~1get/post`), as `redocly diff` writes them.
 */

/**
 * The unescaped segments of a pointer.
 * @param {string} pointer `#/a/b~1c`, `#` or `#/`
 * @returns {string[]}
 */
export function decodePointer(pointer) {
  const body = pointer.replace(/^#\/?/, '');
  if (body === '') {
    return [];
  }
  return body.split('/').map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * The pointer of `segments`.
 * @param {Array<string | number>} segments
 * @returns {string}
 */
export function encodePointer(segments) {
  return `#/${segments.map((segment) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

/**
 * The node at `segments` inside `document`, or undefined.
 * @param {unknown} document
 * @param {string[]} segments
 * @returns {any}
 */
export function nodeAt(document, segments) {
  /** @type {any} */
  let node = document;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') {
      return undefined;
    }
    node = node[segment];
  }
  return node;
}
