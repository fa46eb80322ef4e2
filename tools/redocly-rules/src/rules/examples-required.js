import { forEachOperation, jsonMediaType } from '../openapi-walk.js';

/** Every operation has a JSON request example and a 200 response example. */
export default function examplesRequired() {
  return {
    /** @param {any} paths @param {any} ctx Redocly visitor context */
    Paths(paths, ctx) {
      forEachOperation(paths, ctx, ({ operation, location, name }) => {
        const request = jsonMediaType(operation.requestBody, location.child(['requestBody']), ctx);
        if (!hasExample(request.node)) {
          ctx.report({
            message: `${name} needs a request example (requestBody.content.application/json.examples).`,
            location: location.child(['requestBody']),
          });
        }
        const ok = jsonMediaType(operation.responses?.['200'], location.child(['responses', '200']), ctx);
        if (!hasExample(ok.node)) {
          ctx.report({
            message: `${name} needs a 200 response example (responses.200.content.application/json.examples).`,
            location: location.child(['responses', '200']),
          });
        }
      });
    },
  };
}

/** @param {any} mediaType */
function hasExample(mediaType) {
  return Boolean(mediaType && (mediaType.example !== undefined || Object.keys(mediaType.examples ?? {}).length > 0));
}
