/**
 * @module openapi-walk
 * Small helpers shared by the rules: reading `$ref` names and resolving nodes through Redocly's
 * visitor context.
 */

/**
 * The component name a `$ref` points at (`../components/schemas/AuthGetRequest.yaml` or
 * `#/components/schemas/AuthGetRequest` → `AuthGetRequest`), or undefined for an inline node.
 * @param {unknown} node
 * @returns {string | undefined}
 */
export function refName(node) {
  if (!node || typeof node !== 'object' || !('$ref' in node) || typeof node.$ref !== 'string') {
    return undefined;
  }
  const last = node.$ref.split(/[/#]/).filter(Boolean).at(-1) ?? '';
  return last.replace(/\.(ya?ml|json)$/, '');
}

/**
 * Resolves a possibly-`$ref` node found at `location`, relative to the file that holds it (a
 * `$ref` in `paths/x.yaml` is relative to that file, not to the root document).
 * @param {any} node
 * @param {any} location Redocly Location of the node (`{ source, pointer, child() }`)
 * @param {any} ctx Redocly visitor context
 * @returns {{ node: any, location: any }}
 */
export function resolveAt(node, location, ctx) {
  if (node && typeof node === 'object' && typeof node.$ref === 'string') {
    const resolved = ctx.resolve(node, location.source.absoluteRef);
    return { node: resolved.node, location: resolved.location ?? location };
  }
  return { node, location };
}

/**
 * The operationId a path must have: its segments and their `_`-separated words camelCased
 * (`/item/public_token/exchange` → `itemPublicTokenExchange`).
 * @param {string} path
 * @returns {string}
 */
export function operationIdForPath(path) {
  const words = path.split(/[/_]/).filter(Boolean);
  return words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}

/**
 * Collects the names of properties a schema requires, following `$ref` and `allOf`.
 * @param {any} schema
 * @param {any} location where the schema node stands
 * @param {any} ctx Redocly visitor context
 * @returns {Set<string>}
 */
export function requiredProperties(schema, location, ctx) {
  const resolved = resolveAt(schema, location, ctx);
  const names = new Set(Array.isArray(resolved.node?.required) ? resolved.node.required : []);
  (resolved.node?.allOf ?? []).forEach((/** @type {unknown} */ part, /** @type {number} */ index) => {
    for (const name of requiredProperties(part, resolved.location.child(['allOf', index]), ctx)) {
      names.add(name);
    }
  });
  return names;
}

/**
 * The JSON media type of a request body or response (resolving a `$ref`'d response), with the
 * location of the media type node.
 * @param {any} holder a requestBody or response node, possibly a `$ref`
 * @param {any} location where `holder` stands
 * @param {any} ctx Redocly visitor context
 * @returns {{ node: any, location: any }}
 */
export function jsonMediaType(holder, location, ctx) {
  const resolved = resolveAt(holder, location, ctx);
  return {
    node: resolved.node?.content?.['application/json'],
    location: resolved.location.child(['content', 'application/json']),
  };
}

/** HTTP methods an OpenAPI Path Item may hold. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Calls `visit` for every operation of a Paths map, with its path, method, the resolved operation
 * and the location of the operation in the file that defines it.
 * @param {Record<string, any>} paths
 * @param {any} ctx Redocly visitor context
 * @param {(op: { path: string, method: string, operation: any, location: any, name: string }) => void} visit
 */
export function forEachOperation(paths, ctx, visit) {
  for (const [path, item] of Object.entries(paths ?? {})) {
    const resolved = resolveAt(item, ctx.location.child([path]), ctx);
    for (const method of HTTP_METHODS) {
      const operation = resolved.node?.[method];
      if (operation) {
        const name = `${operation.operationId ?? '(no operationId)'} (${method.toUpperCase()} ${path})`;
        visit({ path, method, operation, location: resolved.location.child([method]), name });
      }
    }
  }
}
