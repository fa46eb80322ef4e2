/**
 * @module @svc/client
 * Typed fetch client for the SVC Financial Data, Payments and Transfers API. Types are generated
 * from the OpenAPI description (`src/generated/`); the runtime is openapi-fetch plus credential
 * handling.
 */
export { type ApiVersion, type ClientOptions, createClient, type SvcClient } from './create-client.js';
export { type Credentials, type CredentialsPlacement, HEADERS } from './credentials.js';
export { type Environment, environments } from './generated/environments.gen.js';
export type { components, operations, paths, webhooks } from './generated/schema.gen.js';
