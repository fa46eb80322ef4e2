import { HTTP_METHODS } from '../openapi-walk.js';

/** Every path has exactly one operation, and it is a POST (interface specification, Conventions). */
export default function postOnly() {
  return {
    /** @param {any} paths @param {any} ctx Redocly visitor context */
    Paths(paths, ctx) {
      for (const [path, item] of Object.entries(paths ?? {})) {
        const resolved = item?.$ref ? ctx.resolve(item) : { node: item, location: ctx.location.child([path]) };
        const methods = HTTP_METHODS.filter((method) => resolved.node?.[method]);
        for (const method of methods.filter((m) => m !== 'post')) {
          ctx.report({
            message: `${path} declares ${method.toUpperCase()}; every operation of this API is a POST.`,
            location: resolved.location.child([method]).key(),
          });
        }
        if (!methods.includes('post')) {
          ctx.report({ message: `${path} has no POST operation.`, location: resolved.location });
        }
      }
    },
  };
}
