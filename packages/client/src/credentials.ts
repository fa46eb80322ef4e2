import type { Middleware } from 'openapi-fetch';

/** Where the client sends the client id and secret. */
export type CredentialsPlacement = 'headers' | 'body';

/** The credential pair of one environment. */
export interface Credentials {
  clientId: string;
  secret: string;
}

/** Header names of the credentials and the version (see the API description's Authentication section). */
export const HEADERS = {
  clientId: 'SVC-CLIENT-ID',
  secret: 'SVC-SECRET',
  version: 'SVC-Version',
} as const;

/** The credentials as the `SVC-CLIENT-ID` and `SVC-SECRET` headers. */
export function credentialHeaders(credentials: Credentials): Record<string, string> {
  return { [HEADERS.clientId]: credentials.clientId, [HEADERS.secret]: credentials.secret };
}

/**
 * A JSON body serializer that adds the credentials as the `client_id` and `secret` body fields
 * (replacing any given), for `credentials: 'body'`.
 */
export function credentialsBodySerializer(credentials: Credentials): (body: unknown) => string {
  return (body) =>
    JSON.stringify({
      ...(body !== null && typeof body === 'object' ? body : {}),
      client_id: credentials.clientId,
      secret: credentials.secret,
    });
}

/**
 * For `credentials: 'body'`: gives a request sent without a body (a path-typed call with no
 * `body`) a JSON body holding just the credentials. Requests with a body got them from
 * {@link credentialsBodySerializer}.
 */
export function credentialsForEmptyBody(credentials: Credentials): Middleware {
  const serialize = credentialsBodySerializer(credentials);
  return {
    onRequest({ request }) {
      if (request.body !== null) {
        return undefined;
      }
      const headers = new Headers(request.headers);
      headers.set('Content-Type', 'application/json');
      return new Request(request, { body: serialize({}), headers });
    },
  };
}
