/**
 * @module spec-gate/describe
 * Words for a change: what happened (`New optional field`, Redocly's verdict) and where
 * (`schema \`ItemsGetRequest.kind\``, `POST /item/get request body`), for the report and the
 * release notes.
 */
import { decodePointer, nodeAt } from './pointer.js';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const COMBINATORS = new Set(['oneOf', 'anyOf', 'allOf']);
const DOC_PROPERTIES = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs']);
const COMPONENT_NAMES = /** @type {Record<string, string>} */ ({
  schemas: 'schema',
  responses: 'response',
  parameters: 'parameter',
  examples: 'example',
  requestBodies: 'request body',
  headers: 'header',
  securitySchemes: 'security scheme',
  links: 'link',
  callbacks: 'callback',
  pathItems: 'path item',
});

/**
 * Where a node is, in the words of the report.
 * @typedef {object} Place
 * @property {'operation' | 'component' | 'document'} owner what holds the node
 * @property {string} [operation] for an operation or a webhook: the label it is listed by
 * @property {boolean} whole the node is the whole operation or component
 * @property {string} label e.g. `POST /item/get request body \`options.count\``, `schema \`Item.error\``
 */

/**
 * The dotted field path and section of the segments below an operation or a component.
 * @param {string[]} rest
 * @param {unknown} document
 * @param {string[]} prefix the segments of the owner
 * @returns {{section: string, field: string}}
 */
function fieldOf(rest, document, prefix) {
  let section = '';
  let field = '';
  for (let index = 0; index < rest.length; index += 1) {
    const segment = rest[index] ?? '';
    const next = rest[index + 1];
    if (segment === 'requestBody') {
      section = 'request body';
    } else if (segment === 'responses' && next !== undefined) {
      section = `response ${next}`;
      index += 1;
    } else if (segment === 'content' && next !== undefined) {
      index += 1;
    } else if ((segment === 'parameters' || segment === 'headers') && next !== undefined) {
      const name = segment === 'headers' ? next : nodeAt(document, [...prefix, ...rest.slice(0, index + 2)])?.name;
      section = `${section ? `${section} ` : ''}${segment === 'headers' ? 'header' : 'parameter'} ${name ?? next}`;
      index += 1;
    } else if (segment === 'parameters' || segment === 'headers') {
      section = `${section ? `${section} ` : ''}${segment}`;
    } else if (segment === 'properties' && next !== undefined) {
      field = field ? `${field}.${next}` : next;
      index += 1;
    } else if (segment === 'items') {
      field = `${field}[]`;
    } else if (segment === 'additionalProperties') {
      field = field ? `${field}.*` : '*';
    } else if (COMBINATORS.has(segment) && next !== undefined) {
      index += 1;
    } else if (segment !== 'schema') {
      field = field ? `${field}.${segment}` : segment;
    }
  }
  return { section, field };
}

/**
 * Where the node at `pointer` of `document` is.
 * @param {string} pointer
 * @param {unknown} document the bundle that holds the node
 * @returns {Place}
 */
export function placeOf(pointer, document) {
  const segments = decodePointer(pointer);
  const [top, key, third] = segments;
  if ((top === 'paths' || top === 'webhooks') && key !== undefined && third !== undefined && METHODS.has(third)) {
    const operation =
      top === 'paths'
        ? `${third.toUpperCase()} ${key}`
        : `webhook ${key}${third === 'post' ? '' : ` (${third.toUpperCase()})`}`;
    const { section, field } = fieldOf(segments.slice(3), document, segments.slice(0, 3));
    const label = [operation, section, field && `\`${field}\``].filter(Boolean).join(' ');
    return { owner: 'operation', operation, whole: segments.length === 3, label };
  }
  if ((top === 'paths' || top === 'webhooks') && key !== undefined) {
    const { section, field } = fieldOf(segments.slice(2), document, segments.slice(0, 2));
    const owner = top === 'paths' ? `${key} (every method)` : `webhook ${key}`;
    return {
      owner: 'document',
      whole: false,
      label: [owner, section, field && `\`${field}\``].filter(Boolean).join(' '),
    };
  }
  if (top === 'components' && key !== undefined && third !== undefined) {
    const { section, field } = fieldOf(segments.slice(3), document, segments.slice(0, 3));
    const name = [third, field].filter(Boolean).join('.');
    const label = [COMPONENT_NAMES[key] ?? key, section, `\`${name}\``].filter(Boolean).join(' ');
    return { owner: 'component', whole: segments.length === 3, label };
  }
  if (top === 'tags' && key !== undefined) {
    return {
      owner: 'document',
      whole: segments.length === 2,
      label: `tag \`${nodeAt(document, ['tags', key])?.name ?? key}\``,
    };
  }
  if (top === 'servers' && key !== undefined) {
    return {
      owner: 'document',
      whole: segments.length === 2,
      label: `server ${nodeAt(document, ['servers', key])?.url ?? key}`,
    };
  }
  return { owner: 'document', whole: false, label: segments.length > 0 ? segments.join('.') : 'document' };
}

/**
 * A short JSON rendering of a value, or `…` when it is long.
 * @param {unknown} value
 * @returns {string}
 */
function short(value) {
  const text = JSON.stringify(value);
  return text !== undefined && text.length <= 40 ? text : '…';
}

/**
 * The values of `a` missing from `b`, quoted.
 * @param {unknown} a
 * @param {unknown} b
 * @returns {string[]}
 */
function missingFrom(a, b) {
  const from = Array.isArray(a) ? a : [];
  const other = Array.isArray(b) ? b : [];
  return from.filter((value) => !other.includes(value)).map((value) => `'${String(value)}'`);
}

/**
 * What happened, for a change no Redocly rule explained.
 * @param {object} change
 * @param {'added' | 'removed' | 'modified'} change.kind
 * @param {string | undefined} change.property
 * @param {string[]} change.segments the pointer of the node (without the property)
 * @param {unknown} change.baseValue
 * @param {unknown} change.revisionValue
 * @param {unknown} change.document the bundle that holds the node
 * @returns {string}
 */
export function describeChange({ kind, property, segments, baseValue, revisionValue, document }) {
  if (kind === 'modified') {
    if (property === 'enum') {
      const gained = missingFrom(revisionValue, baseValue);
      const lost = missingFrom(baseValue, revisionValue);
      const parts = [
        gained.length > 0 && `gained values: ${gained.join(', ')}`,
        lost.length > 0 && `lost values: ${lost.join(', ')}`,
      ];
      return `Enum ${parts.filter(Boolean).join('; ')}`;
    }
    if (property === 'required') {
      const added = missingFrom(revisionValue, baseValue);
      const dropped = missingFrom(baseValue, revisionValue);
      return [
        added.length > 0 && `Now required: ${added.join(', ')}`,
        dropped.length > 0 && `No longer required: ${dropped.join(', ')}`,
      ]
        .filter(Boolean)
        .join('; ');
    }
    if (property && DOC_PROPERTIES.has(property)) {
      return `Changed ${property}`;
    }
    if (baseValue === undefined) {
      return `\`${property}\` set to ${short(revisionValue)}`;
    }
    if (revisionValue === undefined) {
      return `\`${property}\` removed (was ${short(baseValue)})`;
    }
    return `\`${property}\` changed from ${short(baseValue)} to ${short(revisionValue)}`;
  }
  const verb = kind === 'added' ? 'New' : 'Removed';
  const last = segments.at(-1) ?? '';
  const parent = segments.at(-2) ?? '';
  const [top, section] = segments;
  if (segments.length === 3 && (top === 'paths' || top === 'webhooks') && METHODS.has(last)) {
    return `${verb} ${top === 'paths' ? 'operation' : 'webhook'}`;
  }
  if (segments.length === 3 && top === 'components') {
    return `${verb} ${COMPONENT_NAMES[section ?? ''] ?? section}`;
  }
  if (parent === 'properties') {
    const required = nodeAt(document, segments.slice(0, -2))?.required;
    return `${verb} ${Array.isArray(required) && required.includes(last) ? 'required' : 'optional'} field`;
  }
  if (COMBINATORS.has(parent)) {
    return `${verb} ${parent} branch`;
  }
  const names = /** @type {Record<string, string>} */ ({
    parameters: 'parameter',
    responses: 'response',
    headers: 'header',
    tags: 'tag',
    servers: 'server',
    examples: 'example',
  });
  if (names[parent]) {
    return `${verb} ${names[parent]}`;
  }
  if (last === 'parameters' || last === 'headers') {
    return `${verb} ${last}`;
  }
  return `${verb} \`${last}\``;
}
