import { forEachOperation, operationIdForPath } from '../openapi-walk.js';

/** Every operationId is the camelCased path (`/item/public_token/exchange` → `itemPublicTokenExchange`). */
export default function operationIdFromPath() {
  return {
    /** @param {any} paths @param {any} ctx Redocly visitor context */
    Paths(paths, ctx) {
      forEachOperation(paths, ctx, ({ path, operation, location }) => {
        const want = operationIdForPath(path);
        if (operation.operationId !== want) {
          ctx.report({
            message: `operationId of ${path} must be "${want}" (the camelCased path), not "${operation.operationId ?? ''}".`,
            location: location.child(['operationId']),
          });
        }
      });
    },
  };
}
