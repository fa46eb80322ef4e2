/**
 * @module error-catalogue
 * The API's error catalogue as data (`spec/errors/catalogue.yaml`, referenced from the root
 * document as `x-error-catalogue`): its shape, the checks rule `svc/error-catalogue` runs on it,
 * and the Markdown the decorator `svc/error-catalogue-table` renders from it at bundle time.
 */

/** The root extension that holds (a `$ref` to) the catalogue. */
export const CATALOGUE_EXTENSION = 'x-error-catalogue';

/** Where in `info.description` the catalogue table and the `documentation_url` sentence go. */
export const CATALOGUE_MARKER = '<!-- error-catalogue -->';

/** Where in the `ErrorType` schema's description the table of error types goes. */
export const ERROR_TYPES_MARKER = '<!-- error-types -->';

/** The placeholders of `documentation_url.template`. */
export const URL_PLACEHOLDERS = { type: '{type_slug}', code: '{code_lower}' };

/**
 * @typedef {object} ErrorTypeEntry
 * @property {string} name the `error_type`
 * @property {string} slug its part of the documentation URL
 * @property {number[]} statuses the HTTP statuses its codes use
 * @property {string} meaning what the category means
 */

/**
 * @typedef {object} ErrorCodeEntry
 * @property {string} code the `error_code`
 * @property {string} type its `error_type`
 * @property {number} status the HTTP status
 * @property {string} meaning when it is returned
 * @property {string} suggested_action what the caller should do
 */

/**
 * @typedef {object} ErrorCatalogue
 * @property {{ template: string }} documentation_url
 * @property {ErrorTypeEntry[]} types
 * @property {ErrorCodeEntry[]} codes
 */

/**
 * The documentation link of `type` / `code` by the catalogue's template.
 * @param {ErrorCatalogue} catalogue
 * @param {string} type
 * @param {string} code
 * @returns {string}
 */
export function documentationUrl(catalogue, type, code) {
  const slug = catalogue.types.find((entry) => entry.name === type)?.slug;
  if (slug === undefined) {
    throw new Error(`${type} is not an error type of the catalogue`);
  }
  return catalogue.documentation_url.template
    .replace(URL_PLACEHOLDERS.type, slug)
    .replace(URL_PLACEHOLDERS.code, code.toLowerCase());
}

/**
 * `text` made safe for a Markdown table cell.
 * @param {string} text
 * @returns {string}
 */
function cell(text) {
  return text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');
}

/** An API path (`/auth/get`), or a name that may be a snake_case field (`options.account_ids`). */
const IDENTIFIER = /(?<![\w`/.])(\/[a-z0-9_/]*[a-z0-9_]|[a-z][a-z0-9]*(?:[._][a-z0-9]+)+)(?![\w`])/g;

/**
 * `text` with the paths and field names in it as code spans. Suggested actions are plain text
 * (they are sent in `suggested_action`); in the docs table the code spans keep identifiers readable
 * and let the page wrap them only after `_` and `/`.
 * @param {string} text
 * @returns {string}
 */
export function withCodeSpans(text) {
  return text
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`')
        ? part
        : part.replace(IDENTIFIER, (name) => (name.startsWith('/') || name.includes('_') ? `\`${name}\`` : name)),
    )
    .join('');
}

/**
 * The Markdown table of every code, then the sentence saying where `documentation_url` points.
 * @param {ErrorCatalogue} catalogue
 * @returns {string}
 */
export function renderCatalogue(catalogue) {
  // One small table per error type rather than one wide table: the docs show this text in a
  // narrow column, where five columns did not fit.
  const sections = catalogue.types.flatMap((type) => {
    const rows = catalogue.codes
      .filter((row) => row.type === type.name)
      .map((row) => `| \`${row.code}\` | ${row.status} | ${cell(entryText(row))} |`);
    return rows.length === 0
      ? []
      : [`#### \`${type.name}\``, '', '| error_code | HTTP | Meaning, and what to do |', '|---|---|---|', ...rows, ''];
  });
  const template = catalogue.documentation_url.template
    .replace(URL_PLACEHOLDERS.type, '<type>')
    .replace(URL_PLACEHOLDERS.code, '<code>');
  const slugs = catalogue.types.map((type) => `\`${type.slug}\` for \`${type.name}\``).join(', ');
  return [
    ...sections,
    `\`documentation_url\` points at \`${template}\`, where \`<code>\` is the \`error_code\` in lower`,
    `case and \`<type>\` depends on the \`error_type\`: ${slugs}.`,
  ].join('\n');
}

/**
 * The text of a code's cell: its meaning, then its suggested action.
 * @param {{ meaning: string, suggested_action: string }} row
 * @returns {string}
 */
export function entryText(row) {
  return `${row.meaning.replace(/\.$/, '')}. **What to do:** ${withCodeSpans(row.suggested_action)}`;
}

/**
 * The Markdown table of the error types: name, HTTP statuses, meaning.
 * @param {ErrorCatalogue} catalogue
 * @returns {string}
 */
export function renderErrorTypes(catalogue) {
  return [
    '| error_type | HTTP status | meaning |',
    '|---|---|---|',
    ...catalogue.types.map((type) => `| \`${type.name}\` | ${type.statuses.join(', ')} | ${cell(type.meaning)} |`),
  ].join('\n');
}

/**
 * `text` with `marker` replaced by `rendered`; throws unless the marker occurs exactly once.
 * @param {string} text
 * @param {string} marker
 * @param {string} rendered
 * @param {string} where what holds the text, for the error message
 * @returns {string}
 */
export function replaceMarker(text, marker, rendered, where) {
  const count = text.split(marker).length - 1;
  if (count !== 1) {
    throw new Error(`${where} must contain ${marker} exactly once (found ${count})`);
  }
  return text.replace(marker, () => rendered);
}

/**
 * @param {unknown} value
 * @returns {value is string}
 */
function isText(value) {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Every problem of a catalogue, as `{ path, message }` with `path` the JSON path inside it:
 * unique type names, slugs and type/code pairs, known types, 4xx/5xx statuses that belong to the
 * type, non-empty texts, every type and each of its statuses used.
 * @param {any} catalogue the parsed catalogue
 * @returns {{ path: (string | number)[], message: string }[]}
 */
export function catalogueProblems(catalogue) {
  /** @type {{ path: (string | number)[], message: string }[]} */
  const problems = [];
  const report = (/** @type {(string | number)[]} */ path, /** @type {string} */ message) =>
    problems.push({ path, message });
  if (!catalogue || typeof catalogue !== 'object') {
    report([], 'the error catalogue must be an object with documentation_url, types and codes');
    return problems;
  }
  const template = catalogue.documentation_url?.template;
  if (
    !isText(template) ||
    !/^https:\/\//.test(template) ||
    !Object.values(URL_PLACEHOLDERS).every((p) => template.includes(p))
  ) {
    report(
      ['documentation_url', 'template'],
      `documentation_url.template must be an https URL with ${URL_PLACEHOLDERS.type} and ${URL_PLACEHOLDERS.code}`,
    );
  }
  const types = Array.isArray(catalogue.types) ? catalogue.types : [];
  const codes = Array.isArray(catalogue.codes) ? catalogue.codes : [];
  if (types.length === 0 || codes.length === 0) {
    report([], 'the error catalogue needs a non-empty list of types and of codes');
  }
  /** @type {Map<string, any>} */
  const byName = new Map();
  const slugs = new Set();
  types.forEach((/** @type {any} */ type, /** @type {number} */ index) => {
    const at = ['types', index];
    if (typeof type?.name !== 'string' || !/^[A-Z][A-Z_]*$/.test(type.name)) {
      report([...at, 'name'], 'an error type name is upper snake case');
    } else if (byName.has(type.name)) {
      report([...at, 'name'], `error type ${type.name} is listed twice`);
    } else {
      byName.set(type.name, type);
    }
    if (typeof type?.slug !== 'string' || !/^[a-z][a-z0-9-]*$/.test(type.slug)) {
      report([...at, 'slug'], `the slug of ${type?.name} must be lower-case kebab case`);
    } else if (slugs.has(type.slug)) {
      report([...at, 'slug'], `slug ${type.slug} is used by two error types`);
    }
    slugs.add(type?.slug);
    const statuses = type?.statuses;
    if (!Array.isArray(statuses) || statuses.length === 0 || !statuses.every(isErrorStatus)) {
      report([...at, 'statuses'], `the statuses of ${type?.name} must be a non-empty list of 4xx and 5xx codes`);
    }
    if (!isText(type?.meaning)) {
      report([...at, 'meaning'], `${type?.name} needs a meaning`);
    }
  });
  const keys = new Set();
  /** @type {Map<string, Set<number>>} */
  const used = new Map();
  codes.forEach((/** @type {any} */ row, /** @type {number} */ index) => {
    const at = ['codes', index];
    const name = `${row?.type} / ${row?.code}`;
    if (typeof row?.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(row.code)) {
      report([...at, 'code'], `error code ${row?.code} must be upper snake case`);
    }
    const type = byName.get(row?.type);
    if (!type) {
      report([...at, 'type'], `${name}: ${row?.type} is not one of the catalogue's types`);
    }
    if (keys.has(name)) {
      report(at, `${name} is listed twice`);
    }
    keys.add(name);
    if (!isErrorStatus(row?.status)) {
      report([...at, 'status'], `${name}: status ${row?.status} is not a 4xx or 5xx code`);
    } else if (type && Array.isArray(type.statuses) && !type.statuses.includes(row.status)) {
      report([...at, 'status'], `${name}: status ${row.status} is not one of ${type.name}'s statuses`);
    }
    for (const field of ['meaning', 'suggested_action']) {
      if (!isText(row?.[field])) {
        report([...at, field], `${name} needs a non-empty ${field}`);
      }
    }
    if (!used.has(row?.type)) {
      used.set(row?.type, new Set());
    }
    used.get(row?.type)?.add(row?.status);
  });
  types.forEach((/** @type {any} */ type, /** @type {number} */ index) => {
    for (const status of Array.isArray(type?.statuses) ? type.statuses : []) {
      if (!used.get(type?.name)?.has(status)) {
        report(['types', index, 'statuses'], `no code of ${type?.name} has status ${status}`);
      }
    }
  });
  return problems;
}

/**
 * What is wrong when the `enum` of the `ErrorType` schema is not the catalogue's types in their
 * order, or undefined when they agree.
 * @param {any} catalogue the parsed catalogue
 * @param {unknown} errorTypeEnum
 * @returns {string | undefined}
 */
export function errorTypeEnumProblem(catalogue, errorTypeEnum) {
  const names = (Array.isArray(catalogue?.types) ? catalogue.types : []).map((/** @type {any} */ type) => type?.name);
  if (Array.isArray(errorTypeEnum) && errorTypeEnum.join() === names.join()) {
    return undefined;
  }
  const listed = Array.isArray(errorTypeEnum) ? errorTypeEnum.join(', ') : 'none';
  return `the ErrorType enum (${listed}) must list the catalogue's error types in their order (${names.join(', ')})`;
}

/**
 * @param {unknown} status
 * @returns {boolean}
 */
function isErrorStatus(status) {
  return Number.isInteger(status) && Number(status) >= 400 && Number(status) <= 599;
}
