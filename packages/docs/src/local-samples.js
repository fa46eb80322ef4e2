/**
 * @module local-samples
 * The page as `npm start` serves it: its curl and TypeScript samples call the local sandbox
 * instead of the hosted one, and a note at the top says so and how to switch. The built page is
 * not changed: the rewrite happens when it is served with a local sandbox URL.
 */
import { SAMPLE_ENVIRONMENT, serverUrl } from './code-samples.js';
import { typescriptString } from './literals.js';

/** The `x-environment` of the local sandbox in the spec's `servers`. */
export const LOCAL_ENVIRONMENT = 'local';

/** The id of the note added at the top of the page. */
export const LOCAL_NOTE_ID = 'svc-local-samples';

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * `html` with every sample pointed at `localUrl`: the curl samples' URLs (the hosted sandbox's
 * URL followed by a path; the server list keeps its entries) and the TypeScript samples'
 * `environment: 'sandbox'` (`environment: 'local'` when `localUrl` is the spec's local server,
 * otherwise `baseUrl: '<localUrl>'`), plus a note at the top of the page.
 * @param {string} html the built page
 * @param {import('@svc/openapi-kit').OpenApiDocument} document the bundled spec
 * @param {string} localUrl the running sandbox, e.g. `http://127.0.0.1:4020`
 * @returns {string}
 */
export function withLocalSamples(html, document, localUrl) {
  const hosted = serverUrl(document, SAMPLE_ENVIRONMENT);
  const local = localUrl.replace(/\/+$/, '');
  const target =
    local === serverUrl(document, LOCAL_ENVIRONMENT)
      ? `environment: ${typescriptString(LOCAL_ENVIRONMENT)},`
      : `baseUrl: ${typescriptString(local)},`;
  const pattern = new RegExp(`${hosted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=/[A-Za-z_])`, 'g');
  const note = [
    `<div id="${LOCAL_NOTE_ID}" style="font: 14px/1.5 sans-serif; padding: 8px 16px; background: #fff8e1; border-bottom: 1px solid #e0c060">`,
    `The samples on this page call your local sandbox at <code>${escapeHtml(local)}</code> (started by <code>npm start</code>);`,
    ' paste the <code>export</code> line it printed to set <code>SVC_CLIENT_ID</code> and <code>SVC_SECRET</code>.',
    ` To call the hosted sandbox instead, use <code>${escapeHtml(hosted)}</code> in curl and`,
    ` <code>environment: ${escapeHtml(typescriptString(SAMPLE_ENVIRONMENT))}</code> in <code>createClient</code>.`,
    '</div>',
  ].join('');
  return html
    .replace(pattern, local)
    .replaceAll(`environment: ${typescriptString(SAMPLE_ENVIRONMENT)},`, target)
    .replace(/<body([^>]*)>/, (body) => `${body}${note}`);
}
