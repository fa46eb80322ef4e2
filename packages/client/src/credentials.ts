import { clientIdHeader, secretHeader, svcVersionHeader } from './generated/headers.gen.js';

/** Where the client sends the client id and secret. */
export type CredentialsPlacement = 'headers' | 'body';

/** The credential pair of one environment. */
export interface Credentials {
  clientId: string;
  secret: string;
}

/** Header names of the credentials and the version (see the API description's Authentication section). */
export const HEADERS = {
  clientId: clientIdHeader,
  secret: secretHeader,
  version: svcVersionHeader,
} as const;

/**
 * The headers of every request: the credentials as `SVC-CLIENT-ID` and `SVC-SECRET` (unless
 * `inBody`), and `SVC-Version` when a version is pinned. Spelled from the generated constants,
 * not {@link HEADERS}, so an application that does not import `HEADERS` does not bundle it.
 */
export function defaultHeaders(credentials: Credentials, inBody: boolean, version?: string): Record<string, string> {
  const headers: Record<string, string> = inBody
    ? {}
    : { [clientIdHeader]: credentials.clientId, [secretHeader]: credentials.secret };
  if (version) {
    headers[svcVersionHeader] = version;
  }
  return headers;
}

/**
 * The JSON body serializer of the client: with `credentials: 'body'` it adds the credentials as
 * the `client_id` and `secret` body fields (replacing any given), also to a call without a body;
 * otherwise it serializes the body as it is (none when undefined).
 */
export function bodySerializer(
  placement: CredentialsPlacement,
  { clientId: client_id, secret }: Credentials,
): (body: unknown) => string | undefined {
  return (body) =>
    placement === 'body'
      ? JSON.stringify({ ...(typeof body === 'object' ? body : {}), client_id, secret })
      : body === undefined
        ? undefined
        : JSON.stringify(body);
}
