import { forEachOperation, jsonMediaType, refName } from '../openapi-walk.js';

/** The error statuses every operation declares (decision D-ERR-1 in spec/README.md). */
export const REQUIRED_ERROR_STATUSES = ['400', '401', '429', '500'];

/**
 * Every operation declares the standard error responses, and every non-2xx response body is the
 * shared `ApiError` schema.
 */
export default function errorResponses() {
  return {
    /** @param {any} paths @param {any} ctx Redocly visitor context */
    Paths(paths, ctx) {
      forEachOperation(paths, ctx, ({ operation, location, name }) => {
        const responses = operation.responses ?? {};
        for (const status of REQUIRED_ERROR_STATUSES) {
          if (!responses[status]) {
            ctx.report({
              message: `${name} must declare the ${status} error response.`,
              location: location.child(['responses']),
            });
          }
        }
        for (const [status, response] of Object.entries(responses)) {
          if (/^2\d\d$/.test(status)) {
            continue;
          }
          const media = jsonMediaType(response, location.child(['responses', status]), ctx);
          if (refName(media.node?.schema) !== 'ApiError') {
            ctx.report({
              message: `${name}: the ${status} response body must be the ApiError schema.`,
              location: location.child(['responses', status]),
            });
          }
        }
      });
    },
  };
}
