import type { Middleware } from 'openapi-fetch';

/** Where the client sends the client id and secret. */
export type CredentialsPlacement = 'headers' | 'body';

/** The credential pair of one environment. */
export interface Credentials {
  clientId: string;
  secret: string;
}

/** Header names of the credentials and the version (interface specification, Authentication). */
export const HEADERS = {
  clientId: 'SVC-CLIENT-ID',
  secret: 'SVC-SECRET',
  version: 'SVC-Version',
} as const;

/**
 * Middleware that adds the credentials to every request: as the `SVC-CLIENT-ID` and `SVC-SECRET`
 * headers (default), or as the `client_id` and `secret` fields of the JSON body.
 */
export function credentialsMiddleware(credentials: Credentials, placement: CredentialsPlacement): Middleware {
  return {
    async onRequest({ request }) {
      if (placement === 'headers') {
        request.headers.set(HEADERS.clientId, credentials.clientId);
        request.headers.set(HEADERS.secret, credentials.secret);
        return request;
      }
      // Bodies are single-use streams: read a clone, then build a new request with the new body.
      const text = await request.clone().text();
      const body = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
      const withCredentials = { ...body, client_id: credentials.clientId, secret: credentials.secret };
      return new Request(request, { body: JSON.stringify(withCredentials) });
    },
  };
}
