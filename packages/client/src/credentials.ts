import { HEADER_NAMES } from './generated/headers.gen.js';

/** Where the client sends the client id and secret. */
export type CredentialsPlacement = 'headers' | 'body';

/** The credential pair of one environment. */
export interface Credentials {
  clientId: string;
  secret: string;
}

/** Header names of the credentials and the version (see the API description's Authentication section). */
export const HEADERS = {
  clientId: HEADER_NAMES.clientId,
  secret: HEADER_NAMES.secret,
  version: HEADER_NAMES.svcVersion,
} as const;

/** The credentials as the `SVC-CLIENT-ID` and `SVC-SECRET` headers. */
export function credentialHeaders(credentials: Credentials): Record<string, string> {
  return { [HEADERS.clientId]: credentials.clientId, [HEADERS.secret]: credentials.secret };
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
