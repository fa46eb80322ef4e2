/**
 * @module @svc/openapi-kit
 * Reads the bundled SVC OpenAPI document: lists its operations and examples, and validates values
 * against its schemas with Ajv (draft 2020-12, formats on). Shared by the spec's own tests, the
 * contract suite and the mock's tests so that all of them read the document the same way. Also
 * reads the Arazzo workflow documents shipped beside it.
 */
export { jsonPointer, resolveLocalRef } from './json-pointer.js';
export type { NamedExample, OperationEntry, ResponseExample } from './operations.js';
export {
  JSON_MEDIA_TYPE,
  jsonContent,
  listOperations,
  namedExamples,
  requestExamples,
  requestSchemaPointer,
  responseExamples,
  responseSchemaPointer,
  responseStatuses,
} from './operations.js';
export type * from './types.js';
export type { DocumentValidator, ValidationResult } from './validator.js';
export { createDocumentValidator, formatErrors } from './validator.js';
export type {
  ArazzoAction,
  ArazzoCriterion,
  ArazzoDocument,
  ArazzoParameter,
  ArazzoStep,
  ArazzoWorkflow,
  WorkflowFile,
} from './workflows.js';
export {
  expectedStatus,
  findWorkflow,
  mainWorkflows,
  readWorkflowFiles,
  WORKFLOW_JSON_SUFFIX,
  workflowOperations,
} from './workflows.js';
