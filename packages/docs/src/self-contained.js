/**
 * @module self-contained
 * Makes Redocly's HTML output self-contained and checks that it is. `redocly build-docs
 * --inlineBundle` inlines Redoc's script, but the script still names a few remote resources: the
 * footer logo (cdn.redoc.ly), an icon set (cdn.redocly.com) and the OpenTelemetry endpoint
 * (otel.cloud.redocly.com, plus the OTLP exporter's default `http://localhost:4318/`). They are
 * replaced by the empty data URL `data:,`, which a browser resolves without any network access.
 */

/** Empty data URL: what every remote resource of the page is replaced with. */
export const EMPTY_DATA_URL = 'data:,';

/**
 * Hosts that Redoc's bundle loads resources from or sends telemetry to. Any URL on them is
 * replaced, and a built page that still names one fails the check.
 */
export const REDOC_REMOTE_HOSTS = ['cdn.redoc.ly', 'cdn.redocly.com', 'otel.cloud.redocly.com'];

/** The OpenTelemetry OTLP/HTTP exporter's default collector URL, also embedded in the bundle. */
export const OTLP_DEFAULT_URL = 'http://localhost:4318/';

/** Hosts that usually serve scripts, styles or fonts to web pages: never named in the page. */
export const CDN_HOSTS = [
  ...REDOC_REMOTE_HOSTS,
  'fonts.googleapis.com',
  'fonts.gstatic.com',
  'unpkg.com',
  'cdn.jsdelivr.net',
  'cdnjs.cloudflare.com',
  'esm.sh',
];

/**
 * One remote resource reference found in a page.
 * @typedef {object} RemoteReference
 * @property {string} kind what would fetch it (`script src`, `css url()`, `cdn host`, ...)
 * @property {string} match the matching text
 * @property {number} index its offset in the page
 */

const URL_TAIL = String.raw`[^\s"'\x60)<>\\]*`;
const ABSOLUTE = String.raw`(?:https?:)?\/\/`;

/** Patterns of references a browser would fetch while rendering the page. */
const FETCHING_PATTERNS = [
  {
    kind: 'element src/data',
    pattern: new RegExp(
      String.raw`<(?:script|img|iframe|source|audio|video|embed|track|input|object)\b[^>]*?\b(?:src|srcset|data|poster)\s*=\s*["']?\s*${ABSOLUTE}`,
      'gi',
    ),
  },
  {
    kind: 'link href',
    pattern: new RegExp(String.raw`<link\b[^>]*?\bhref\s*=\s*["']?\s*${ABSOLUTE}`, 'gi'),
  },
  { kind: 'css @import', pattern: /@import\s*(?:url\(\s*)?["']?\s*(?:https?:)?\/\//gi },
  { kind: 'css url()', pattern: new RegExp(String.raw`url\(\s*["']?\s*${ABSOLUTE}`, 'gi') },
  {
    kind: 'module import',
    pattern: new RegExp(String.raw`(?:\bimport\s*\(|\bfrom)\s*["'\x60]${ABSOLUTE}`, 'g'),
  },
  {
    kind: 'cdn or telemetry host',
    pattern: new RegExp(String.raw`${ABSOLUTE}(?:${CDN_HOSTS.map(escapeRegExp).join('|')})\b${URL_TAIL}`, 'gi'),
  },
  { kind: 'otlp default collector', pattern: new RegExp(escapeRegExp(OTLP_DEFAULT_URL), 'g') },
];

/**
 * @param {string} text
 * @returns {string}
 */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every reference in `html` that a browser would fetch from another host: resource attributes
 * (`<script src>`, `<link href>`, `<img src>`, ...), CSS `@import` and `url()`, module imports, and
 * any URL on a CDN or telemetry host. Links a reader may click (`<a href>`) and text are not
 * fetches and are not reported.
 * @param {string} html
 * @returns {RemoteReference[]}
 */
export function findRemoteReferences(html) {
  /** @type {RemoteReference[]} */
  const found = [];
  for (const { kind, pattern } of FETCHING_PATTERNS) {
    for (const match of html.matchAll(pattern)) {
      found.push({ kind, match: match[0].slice(0, 160), index: match.index ?? 0 });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * Replaces every URL on {@link REDOC_REMOTE_HOSTS} and the OTLP default collector URL with
 * {@link EMPTY_DATA_URL}.
 * @param {string} html the page written by `redocly build-docs --inlineBundle`
 * @returns {{html: string, replaced: Map<string, number>}} the page, and each replaced URL with its count
 */
export function replaceRemoteResources(html) {
  /** @type {Map<string, number>} */
  const replaced = new Map();
  const hosts = REDOC_REMOTE_HOSTS.map(escapeRegExp).join('|');
  const pattern = new RegExp(String.raw`https?:\/\/(?:${hosts})\b${URL_TAIL}|${escapeRegExp(OTLP_DEFAULT_URL)}`, 'g');
  const output = html.replace(pattern, (url) => {
    replaced.set(url, (replaced.get(url) ?? 0) + 1);
    return EMPTY_DATA_URL;
  });
  return { html: output, replaced };
}

/**
 * Whether the page was built with Redoc's telemetry off (`"disableTelemetry":true` in its
 * options; Redocly sets it only when telemetry is off at build time).
 * @param {string} html
 * @returns {boolean}
 */
export function telemetryDisabled(html) {
  return /"disableTelemetry"\s*:\s*true/.test(html) && !/"disableTelemetry"\s*:\s*false/.test(html);
}
