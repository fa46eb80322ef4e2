/**
 * Drops the maintainers' `x-decisions` lists (ids of the decisions recorded in spec/README.md) from
 * the bundle, so the published description, the client and the HTML docs never show them.
 */

/** The extension that carries decision ids in the sources. */
export const DECISIONS_EXTENSION = 'x-decisions';

/** @param {any} node a node of the document being bundled */
function removeFrom(node) {
  if (node && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, DECISIONS_EXTENSION)) {
    delete node[DECISIONS_EXTENSION];
  }
}

/**
 * Redocly decorator: removes `x-decisions` from every node, including `$ref` nodes with siblings
 * (`any` sees the node a `$ref` resolves to, `ref` the referencing node itself).
 */
export default function removeXDecisions() {
  return {
    any: { enter: removeFrom },
    ref: { enter: removeFrom },
  };
}
