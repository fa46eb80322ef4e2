import { generatedBanner } from './banner.js';

/**
 * The header names the API declares, by the name of the component that declares them: the `apiKey`
 * security schemes sent in a header (`clientId` → `SVC-CLIENT-ID`) and the header parameters of
 * `components.parameters`, their name camelCased (`SvcVersion` → `svcVersion`, `WebhookSignature`
 * → `webhookSignature`). Sorted by key, so the output does not depend on the document's order.
 * @param {Record<string, any>} document the bundled document, parsed
 * @returns {{ key: string, name: string, description: string }[]}
 */
export function describeHeaderNames(document) {
  const headers = new Map();
  const add = (/** @type {string} */ key, /** @type {any} */ declaration, /** @type {string} */ where) => {
    const name = declaration?.name;
    if (typeof name !== 'string' || name === '') {
      throw new Error(`${where} declares a header without a name`);
    }
    const existing = headers.get(key);
    if (existing && existing.name !== name) {
      throw new Error(`${where}: "${key}" names both ${existing.name} and ${name}`);
    }
    const description = typeof declaration.description === 'string' ? declaration.description : '';
    headers.set(key, { key, name, description: description.split(/(?<=\.)\s/)[0].trim() });
  };
  for (const [key, scheme] of Object.entries(document.components?.securitySchemes ?? {})) {
    if (scheme?.type === 'apiKey' && scheme.in === 'header') {
      add(key, scheme, `components.securitySchemes.${key}`);
    }
  }
  for (const [key, parameter] of Object.entries(document.components?.parameters ?? {})) {
    if (parameter?.in === 'header') {
      add(`${key.charAt(0).toLowerCase()}${key.slice(1)}`, parameter, `components.parameters.${key}`);
    }
  }
  if (headers.size === 0) {
    throw new Error('the document declares no header (security schemes or header parameters)');
  }
  return [...headers.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Generates `headers.gen.ts` of `@svc/spec`: `HEADER_NAMES`, every header name the API declares
 * (see {@link describeHeaderNames}), so the client, the servers and CORS spell each one from here.
 * With `constants` (the browser client's copy), each name is also a constant of its own
 * (`clientIdHeader`) that `HEADER_NAMES` is built from: a bundler then keeps only the names an
 * application uses, inlined, instead of the whole object.
 * @param {Record<string, any>} document the bundled document, parsed
 * @param {{ constants?: boolean }} [options]
 * @returns {string} the file content
 */
export function generateHeaderNames(document, { constants = false } = {}) {
  const headers = describeHeaderNames(document);
  const doc = (/** @type {{ name: string, description: string }} */ { name, description }, indent = '') =>
    `${indent}/** \`${name}\`${description ? `: ${description.replaceAll('*/', '*\\/')}` : ''} */`;
  const members = headers.map((header) =>
    constants
      ? `  ${header.key}: ${header.key}Header,`
      : [doc(header, '  '), `  ${header.key}: '${header.name}',`].join('\n'),
  );
  return [
    generatedBanner('The header names the SVC API declares: credentials, version and webhook headers.'),
    ...(constants
      ? headers.flatMap((header) => [doc(header), `export const ${header.key}Header = '${header.name}';`, ''])
      : []),
    '/** Every header name the API declares, by the name of its security scheme or header parameter. */',
    'export const HEADER_NAMES = {',
    ...members,
    '} as const;',
    '',
    '/** One header name the API declares. */',
    'export type HeaderName = (typeof HEADER_NAMES)[keyof typeof HEADER_NAMES];',
    '',
  ].join('\n');
}
