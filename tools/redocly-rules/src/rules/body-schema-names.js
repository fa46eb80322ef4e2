import { forEachOperation, jsonMediaType, refName } from '../openapi-walk.js';

/**
 * The request body schema is the component `<OperationId>Request` and the 200 body schema the
 * component `<OperationId>Response`, so generated types have predictable names.
 */
export default function bodySchemaNames() {
  return {
    /** @param {any} paths @param {any} ctx Redocly visitor context */
    Paths(paths, ctx) {
      forEachOperation(paths, ctx, ({ operation, location, name }) => {
        const id = operation.operationId ?? '';
        const pascal = id.charAt(0).toUpperCase() + id.slice(1);
        const request = jsonMediaType(operation.requestBody, location.child(['requestBody']), ctx);
        if (refName(request.node?.schema) !== `${pascal}Request`) {
          ctx.report({
            message: `${name}: the request body schema must be a $ref to the component ${pascal}Request.`,
            location: location.child(['requestBody']),
          });
        }
        const ok = jsonMediaType(operation.responses?.['200'], location.child(['responses', '200']), ctx);
        if (refName(ok.node?.schema) !== `${pascal}Response`) {
          ctx.report({
            message: `${name}: the 200 response schema must be a $ref to the component ${pascal}Response.`,
            location: location.child(['responses', '200']),
          });
        }
      });
    },
  };
}
