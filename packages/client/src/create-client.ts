import createFetchClient, { type Client } from 'openapi-fetch';
import { type CredentialsPlacement, credentialsMiddleware, HEADERS } from './credentials.js';
import { type Environment, environments } from './generated/environments.gen.js';
import type { paths } from './generated/schema.gen.js';

/** The API version a request may pin with the `SVC-Version` header. */
export type ApiVersion = NonNullable<paths['/item/remove']['parameters']['header']>['SVC-Version'];

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Your client identifier (`SVC-CLIENT-ID`). */
  clientId: string;
  /** Your secret for the environment you call (`SVC-SECRET`). Never logged by the client. */
  secret: string;
  /** A named environment; its base URL comes from the spec's `servers`. Default `sandbox`. */
  environment?: Environment;
  /** Any base URL (the mock, a local sandbox). Takes precedence over `environment`. */
  baseUrl?: string;
  /** Pins the API version for every request (`SVC-Version` header). */
  version?: ApiVersion;
  /** Send credentials as headers (default) or as `client_id` / `secret` body fields. */
  credentials?: CredentialsPlacement;
  /** A `fetch` implementation, for tests or runtimes without a global one. */
  fetch?: typeof globalThis.fetch;
}

/** The typed client: openapi-fetch's `POST(path, { body })` over every path of the API. */
export type SvcClient = Client<paths>;

/**
 * Creates a typed client for the SVC API.
 *
 * @example
 * const client = createClient({ clientId, secret, environment: 'sandbox' });
 * const { data, error } = await client.POST('/item/public_token/exchange', {
 *   body: { public_token: publicToken },
 * });
 */
export function createClient(options: ClientOptions): SvcClient {
  if (!options.clientId || !options.secret) {
    throw new TypeError('createClient needs both clientId and secret');
  }
  const baseUrl = (options.baseUrl ?? environments[options.environment ?? 'sandbox']).replace(/\/+$/, '');
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.version) {
    headers[HEADERS.version] = options.version;
  }
  const client = createFetchClient<paths>({
    baseUrl,
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(
    credentialsMiddleware({ clientId: options.clientId, secret: options.secret }, options.credentials ?? 'headers'),
  );
  return client;
}
