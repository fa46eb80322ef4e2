/**
 * Rendered text speaks to API users: a `description`, `summary` or `title` never mentions the
 * interface specification the API was designed from, nor a decision id such as `D-XFER-1`.
 * Traceability for maintainers lives in spec/README.md and in `x-decisions` lists, which the
 * bundle drops (decorator `svc/remove-x-decisions`).
 */

/** The text fields Redoc and the generated client show to API users. */
export const TEXT_FIELDS = ['description', 'summary', 'title'];

/** Internal references that must not appear in those fields, with what to tell the author. */
export const INTERNAL_REFERENCES = [
  { pattern: /interface\s+specification/i, what: 'mentions the interface specification' },
  { pattern: /\bD-[A-Z]+-[0-9]+\b/, what: 'names a decision id' },
];

/**
 * The first internal reference found in `text`, as `{ what, match }`, or undefined.
 * @param {string} text
 * @returns {{ what: string, match: string } | undefined}
 */
export function findInternalReference(text) {
  for (const { pattern, what } of INTERNAL_REFERENCES) {
    const found = pattern.exec(text);
    if (found) {
      return { what, match: found[0].replace(/\s+/g, ' ') };
    }
  }
  return undefined;
}

/**
 * Reports the text fields of `node` that carry an internal reference.
 * @param {any} node
 * @param {any} ctx Redocly visitor context
 */
function check(node, ctx) {
  if (!node || typeof node !== 'object' || Array.isArray(node)) {
    return;
  }
  for (const field of TEXT_FIELDS) {
    const text = node[field];
    const found = typeof text === 'string' ? findInternalReference(text) : undefined;
    if (found) {
      ctx.report({
        message: `${field} ${found.what} ("${found.match}"): write for API users; keep traceability in spec/README.md or an x-decisions list.`,
        location: ctx.location.child([field]),
      });
    }
  }
}

/**
 * Checks every node: `any` sees each node (a `$ref` resolved), `ref` the `$ref` nodes themselves,
 * whose sibling `description` or `summary` overrides the target's.
 */
export default function noInternalReferences() {
  return {
    any: { enter: check },
    ref: { enter: check },
  };
}
