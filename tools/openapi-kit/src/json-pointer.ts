/**
 * Encodes path segments as a JSON Pointer fragment (RFC 6901): `['paths', '/item/remove']` →
 * `#/paths/~1item~1remove`.
 */
export function jsonPointer(segments: readonly (string | number)[]): string {
  return `#${segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`;
}

/**
 * Follows a local `$ref` (`#/components/...`) inside `document`; returns the node itself when it is
 * not a reference. Throws when the reference does not resolve, naming it.
 */
export function resolveLocalRef<T>(document: unknown, node: T): T {
  let current: unknown = node;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof (current as { $ref?: unknown }).$ref === 'string') {
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) {
      throw new Error(`cannot resolve $ref ${ref}: only acyclic local references are supported`);
    }
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], document);
    if (current === undefined) {
      throw new Error(`$ref ${ref} does not resolve in the document`);
    }
  }
  return current as T;
}
