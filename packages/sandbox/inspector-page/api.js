// The inspector's JSON API as the page calls it: the client id and secret travel in the
// SVC-CLIENT-ID and SVC-SECRET headers of each call and live only in this closure (never in the
// DOM, a URL or storage).

/** Raised when the sandbox refuses the credentials (401). */
export class SignedOut extends Error {}

/** A caller of `/inspector/api/<panel>` for one client. */
export function createApi(clientId, secret) {
  return {
    clientId,
    async get(panel, params = {}) {
      const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined));
      const response = await fetch(`/inspector/api/${panel}${query.size > 0 ? `?${query}` : ''}`, {
        headers: { 'SVC-CLIENT-ID': clientId, 'SVC-SECRET': secret },
        cache: 'no-store',
      });
      const body = await response.json();
      if (response.status === 401) {
        throw new SignedOut(body.error_message ?? 'the client id or secret is not valid');
      }
      if (!response.ok) {
        throw new Error(body.error_message ?? `HTTP ${response.status}`);
      }
      return body;
    },
  };
}
