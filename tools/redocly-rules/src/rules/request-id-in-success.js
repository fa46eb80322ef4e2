import { forEachOperation, jsonMediaType, requiredProperties } from '../openapi-walk.js';

/** Every 2xx JSON response body requires `request_id`. */
export default function requestIdInSuccess() {
  return {
    /** @param {any} paths @param {any} ctx Redocly visitor context */
    Paths(paths, ctx) {
      forEachOperation(paths, ctx, ({ operation, location, name }) => {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (!/^2\d\d$/.test(status)) {
            continue;
          }
          const responseLocation = location.child(['responses', status]);
          const media = jsonMediaType(response, responseLocation, ctx);
          const schema = media.node?.schema;
          if (!schema || !requiredProperties(schema, media.location.child(['schema']), ctx).has('request_id')) {
            ctx.report({
              message: `${name}: the ${status} response body must require request_id.`,
              location: responseLocation,
            });
          }
        }
      });
    },
  };
}
