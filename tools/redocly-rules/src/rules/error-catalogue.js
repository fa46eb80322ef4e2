import {
  CATALOGUE_EXTENSION,
  CATALOGUE_MARKER,
  catalogueProblems,
  ERROR_TYPES_MARKER,
  errorTypeEnumProblem,
} from '../error-catalogue.js';
import { resolveAt } from '../openapi-walk.js';

/**
 * The error catalogue (`x-error-catalogue` of the root document, `spec/errors/catalogue.yaml`) is
 * complete and consistent: unique types, slugs and type/code pairs, known types, 4xx/5xx statuses
 * of the code's type, non-empty meanings and suggested actions. `info.description` holds the
 * catalogue marker and the schema whose description holds the error-types marker (`ErrorType`)
 * has the catalogue's types as its `enum`.
 */
export default function errorCatalogue() {
  /** @type {any} */
  let catalogue;
  let typesSchemaSeen = false;
  return {
    Root: {
      enter(/** @type {any} */ root, /** @type {any} */ ctx) {
        if (!root[CATALOGUE_EXTENSION]) {
          ctx.report({
            message: `The root document needs ${CATALOGUE_EXTENSION}: a $ref to the error catalogue (errors/catalogue.yaml).`,
            location: ctx.location.key(),
          });
          return;
        }
        const resolved = resolveAt(root[CATALOGUE_EXTENSION], ctx.location.child([CATALOGUE_EXTENSION]), ctx);
        catalogue = resolved.node;
        for (const { path, message } of catalogueProblems(catalogue)) {
          ctx.report({ message: `Error catalogue: ${message}.`, location: resolved.location.child(path) });
        }
        const description = root.info?.description;
        if (typeof description !== 'string' || description.split(CATALOGUE_MARKER).length !== 2) {
          ctx.report({
            message: `info.description must contain ${CATALOGUE_MARKER} once: the bundle renders the error catalogue there.`,
            location: ctx.location.child(['info', 'description']),
          });
        }
      },
      leave(/** @type {any} */ _root, /** @type {any} */ ctx) {
        if (catalogue && !typesSchemaSeen) {
          ctx.report({
            message: `No schema description contains ${ERROR_TYPES_MARKER}: the ErrorType schema shows the catalogue's types there.`,
            location: ctx.location.key(),
          });
        }
      },
    },
    Schema: {
      enter(/** @type {any} */ schema, /** @type {any} */ ctx) {
        if (!catalogue || typesSchemaSeen || typeof schema.description !== 'string') {
          return;
        }
        if (!schema.description.includes(ERROR_TYPES_MARKER)) {
          return;
        }
        typesSchemaSeen = true;
        const problem = errorTypeEnumProblem(catalogue, schema.enum);
        if (problem) {
          ctx.report({ message: `Error catalogue: ${problem}.`, location: ctx.location.child(['enum']) });
        }
      },
    },
  };
}
