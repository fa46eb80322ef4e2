/**
 * @module plugin
 * Redocly CLI plugin with the lint rules for this project's spec conventions (see spec/README.md).
 * Enabled in the root `redocly.yaml` as `svc/<rule>`, with decorators applied when bundling.
 */
import errorCatalogueTable from './decorators/error-catalogue-table.js';
import removeXDecisions from './decorators/remove-x-decisions.js';
import bodySchemaNames from './rules/body-schema-names.js';
import errorCatalogue from './rules/error-catalogue.js';
import errorResponses from './rules/error-responses.js';
import exampleDatesAhead from './rules/example-dates-ahead.js';
import examplesRequired from './rules/examples-required.js';
import noInternalReferences from './rules/no-internal-references.js';
import noNullable from './rules/no-nullable.js';
import operationIdFromPath from './rules/operation-id-from-path.js';
import postOnly from './rules/post-only.js';
import requestBodyCredentials from './rules/request-body-credentials.js';
import requestIdInSuccess from './rules/request-id-in-success.js';
import snakeCaseProperties from './rules/snake-case-properties.js';

/** The rules of the plugin, by name. */
export const rules = {
  'operation-id-from-path': operationIdFromPath,
  'post-only': postOnly,
  'examples-required': examplesRequired,
  'request-id-in-success': requestIdInSuccess,
  'error-responses': errorResponses,
  'body-schema-names': bodySchemaNames,
  'request-body-credentials': requestBodyCredentials,
  'snake-case-properties': snakeCaseProperties,
  'no-nullable': noNullable,
  'no-internal-references': noInternalReferences,
  'error-catalogue': errorCatalogue,
  'example-dates-ahead': exampleDatesAhead,
};

/** The decorators of the plugin, by name (run by `redocly bundle`, not by lint). */
export const decorators = {
  'remove-x-decisions': removeXDecisions,
  'error-catalogue-table': errorCatalogueTable,
};

/** Redocly plugin entry point. */
export default function svcPlugin() {
  return {
    id: 'svc',
    rules: { oas3: rules },
    decorators: { oas3: decorators },
  };
}
