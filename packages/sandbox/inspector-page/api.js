// The inspector's JSON API as the page calls it: the client id and secret travel in the
// SVC-CLIENT-ID and SVC-SECRET headers of each call and live only in this closure (never in the
// DOM, a URL or storage).

/** Raised when the sandbox refuses the credentials (401). */
export class SignedOut extends Error {}

/** A caller of `/inspector/api/<panel>` for one client. */
export function createApi(clientId, secret) {
  async function call(path) {
    return fetch(path, { headers: { 'SVC-CLIENT-ID': clientId, 'SVC-SECRET': secret }, cache: 'no-store' });
  }
  return {
    clientId,
    /**
     * Downloads the file `name` of the API (`requests.har`) under the name the sandbox gives it:
     * fetched with the credentials headers, then saved from memory (a link cannot carry headers).
     */
    async download(name) {
      const response = await call(`/inspector/api/${name}`);
      if (!response.ok) {
        const body = await response.json();
        throw response.status === 401
          ? new SignedOut(body.error_message ?? 'the client id or secret is not valid')
          : new Error(body.error_message ?? `HTTP ${response.status}`);
      }
      const disposition = response.headers.get('Content-Disposition') ?? '';
      const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? name;
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
    async get(panel, params = {}) {
      const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined));
      const response = await call(`/inspector/api/${panel}${query.size > 0 ? `?${query}` : ''}`);
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
