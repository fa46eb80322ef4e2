/**
 * Renders the error catalogue (`x-error-catalogue`, `spec/errors/catalogue.yaml`) into the text
 * API users read: the table of codes and the `documentation_url` sentence replace the marker in
 * `info.description`, the table of error types the marker in the `ErrorType` schema's
 * description. The catalogue itself stays in the bundle as data.
 */
import {
  CATALOGUE_EXTENSION,
  CATALOGUE_MARKER,
  ERROR_TYPES_MARKER,
  renderCatalogue,
  renderErrorTypes,
  replaceMarker,
} from '../error-catalogue.js';
import { resolveAt } from '../openapi-walk.js';

/**
 * Redocly decorator. Fails the bundle when the catalogue or a marker is missing (rule
 * `svc/error-catalogue` says why at lint time).
 */
export default function errorCatalogueTable() {
  /** @type {any} */
  let catalogue;
  return {
    Root: {
      enter(/** @type {any} */ root, /** @type {any} */ ctx) {
        catalogue = resolveAt(root[CATALOGUE_EXTENSION], ctx.location.child([CATALOGUE_EXTENSION]), ctx).node;
        if (!catalogue || !Array.isArray(catalogue.codes) || !Array.isArray(catalogue.types)) {
          throw new Error(`svc/error-catalogue-table: the root document has no ${CATALOGUE_EXTENSION} catalogue`);
        }
        root.info.description = replaceMarker(
          root.info?.description ?? '',
          CATALOGUE_MARKER,
          renderCatalogue(catalogue),
          'info.description',
        );
      },
    },
    Schema: {
      enter(/** @type {any} */ schema) {
        if (catalogue && typeof schema.description === 'string' && schema.description.includes(ERROR_TYPES_MARKER)) {
          schema.description = replaceMarker(
            schema.description,
            ERROR_TYPES_MARKER,
            renderErrorTypes(catalogue),
            'the ErrorType description',
          );
        }
      },
    },
  };
}
