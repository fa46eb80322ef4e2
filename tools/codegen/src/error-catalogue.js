import { generatedBanner } from './banner.js';

/** The root extension of the bundled document that holds the error catalogue. */
export const CATALOGUE_EXTENSION = 'x-error-catalogue';

/** The placeholders of the catalogue's `documentation_url.template`. */
const PLACEHOLDERS = ['{type_slug}', '{code_lower}'];

/**
 * @typedef {object} Catalogue
 * @property {{ template: string }} documentation_url
 * @property {{ name: string, slug: string, statuses: number[], meaning: string }[]} types
 * @property {{ code: string, type: string, status: number, meaning: string, suggested_action: string }[]} codes
 */

/**
 * The catalogue of the bundled document, checked enough that the generated code compiles and
 * means what it says (rule `svc/error-catalogue` checks the rest when the spec is linted).
 * @param {Record<string, any>} document
 * @returns {Catalogue}
 */
export function readCatalogue(document) {
  const catalogue = document[CATALOGUE_EXTENSION];
  if (
    !catalogue ||
    !Array.isArray(catalogue.types) ||
    !Array.isArray(catalogue.codes) ||
    catalogue.codes.length === 0
  ) {
    throw new Error(`the document has no ${CATALOGUE_EXTENSION} with types and codes (spec/errors/catalogue.yaml)`);
  }
  const template = catalogue.documentation_url?.template;
  if (typeof template !== 'string' || !PLACEHOLDERS.every((placeholder) => template.includes(placeholder))) {
    throw new Error(`${CATALOGUE_EXTENSION}.documentation_url.template must contain ${PLACEHOLDERS.join(' and ')}`);
  }
  const names = new Set();
  for (const type of catalogue.types) {
    if (!/^[A-Z][A-Z_]*$/.test(type?.name ?? '') || names.has(type.name) || typeof type.slug !== 'string') {
      throw new Error(`error type ${JSON.stringify(type?.name)} needs a unique upper-snake-case name and a slug`);
    }
    names.add(type.name);
  }
  for (const row of catalogue.codes) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(row?.code ?? '') || !names.has(row.type) || !Number.isInteger(row.status)) {
      throw new Error(
        `error code ${JSON.stringify(row?.code)} needs an upper-snake-case code, a known type and a status`,
      );
    }
  }
  return catalogue;
}

/**
 * A TypeScript string literal.
 * @param {string} text
 * @returns {string}
 */
function literal(text) {
  return `'${text
    .replaceAll('\\', '\\\\')
    .replaceAll("'", "\\'")
    .replace(/\s*\n\s*/g, ' ')}'`;
}

/**
 * The declarations of the error types and codes: `ERROR_TYPES`, `ErrorType`, `KnownErrorCode`, the
 * open `ErrorCode` and the codes of each type. Both generated files start with them.
 * @param {Catalogue} catalogue
 * @returns {string[]} the lines
 */
function typeDeclarations(catalogue) {
  const codes = [...new Set(catalogue.codes.map((row) => row.code))];
  const codesOf = catalogue.types.map((type) => {
    const own = [...new Set(catalogue.codes.filter((row) => row.type === type.name).map((row) => literal(row.code)))];
    return `  ${type.name}: ${own.length === 0 ? 'never' : own.join(' | ')};`;
  });
  return [
    '/** Every `error_type`, the broad category of an error that decides its HTTP status and how to react. */',
    `export const ERROR_TYPES = [\n${catalogue.types.map((type) => `  ${literal(type.name)},`).join('\n')}\n] as const;`,
    '',
    '/** The `error_type` of an error: the broad category that decides the HTTP status and how to react. */',
    'export type ErrorType = (typeof ERROR_TYPES)[number];',
    '',
    '/** Every `error_code` of the catalogue. */',
    `export type KnownErrorCode =\n${codes.map((code) => `  | ${literal(code)}`).join('\n')};`,
    '',
    '/**',
    ' * An `error_code`: one of the catalogue, or any other string (the set is open: handle an unknown',
    ' * code by its `error_type`). Editors suggest the known codes.',
    ' */',
    'export type ErrorCode = KnownErrorCode | (string & {});',
    '',
    '/** The known `error_code`s of each `error_type`. */',
    `export interface ErrorCodesByType {\n${codesOf.join('\n')}\n}`,
    '',
  ];
}

/**
 * Generates `error-types.gen.ts` for a client: the error types and codes only
 * ({@link typeDeclarations}), without the rows, so no catalogue data reaches a client's bundle.
 * @param {Record<string, any>} document the bundled document
 * @returns {string} the file content
 */
export function generateErrorTypes(document) {
  const catalogue = readCatalogue(document);
  return [
    generatedBanner("The API's error types and codes (spec/errors/catalogue.yaml)."),
    ...typeDeclarations(catalogue),
  ].join('\n');
}

/**
 * Generates `error-catalogue.gen.ts` from the bundled document's `x-error-catalogue`: the error
 * types (`ERROR_TYPES`, `ErrorType`), the codes (`KnownErrorCode`, the open `ErrorCode`, the codes of
 * each type), the rows as data and `documentationUrl(type, code)` built from the catalogue's
 * template. Servers use it; clients use {@link generateErrorTypes}.
 * @param {Record<string, any>} document the bundled document
 * @returns {string} the file content
 */
export function generateErrorCatalogue(document) {
  const catalogue = readCatalogue(document);
  const types = catalogue.types.map(
    (type) =>
      `  {\n    name: ${literal(type.name)},\n    slug: ${literal(type.slug)},\n    statuses: [${type.statuses.join(', ')}],\n    meaning: ${literal(type.meaning)},\n  },`,
  );
  const rows = catalogue.codes.map(
    (row) =>
      `  {\n    code: ${literal(row.code)},\n    type: ${literal(row.type)},\n    status: ${row.status},\n    meaning: ${literal(row.meaning)},\n    suggested_action: ${literal(row.suggested_action)},\n  },`,
  );
  const slugs = catalogue.types.map((type) => `  ${type.name}: ${literal(type.slug)},`);
  const first = catalogue.codes[0] ?? { type: '', code: '' };
  const firstSlug = catalogue.types.find((type) => type.name === first.type)?.slug ?? '';
  const exampleUrl = catalogue.documentation_url.template
    .replace('{type_slug}', firstSlug)
    .replace('{code_lower}', first.code.toLowerCase());
  return [
    generatedBanner(
      "The API's error catalogue (spec/errors/catalogue.yaml): error types, codes, rows and documentation links.",
    ),
    ...typeDeclarations(catalogue),
    '/** One error type of the catalogue. */',
    'export interface ErrorTypeEntry {',
    '  name: ErrorType;',
    '  /** Its part of `documentation_url`. */',
    '  slug: string;',
    '  /** The HTTP statuses of its codes. */',
    '  statuses: readonly number[];',
    '  meaning: string;',
    '}',
    '',
    '/** One row of the catalogue: a code of a type, its HTTP status, meaning and suggested action. */',
    'export interface ErrorCatalogueRow {',
    '  code: KnownErrorCode;',
    '  type: ErrorType;',
    '  status: number;',
    '  meaning: string;',
    '  suggested_action: string;',
    '}',
    '',
    '/** The error types, in the order of `ERROR_TYPES`. */',
    `export const ERROR_TYPE_ENTRIES: readonly ErrorTypeEntry[] = [\n${types.join('\n')}\n];`,
    '',
    '/** Every row of the catalogue (a code may exist under two types). */',
    `export const ERROR_CATALOGUE_ROWS: readonly ErrorCatalogueRow[] = [\n${rows.join('\n')}\n];`,
    '',
    '/** The template of `documentation_url`: `{type_slug}` is the slug of the type, `{code_lower}` the code in lower case. */',
    `export const DOCUMENTATION_URL_TEMPLATE = ${literal(catalogue.documentation_url.template)};`,
    '',
    '/** The slug of each error type in `documentation_url`. */',
    `export const ERROR_TYPE_SLUGS: Readonly<Record<ErrorType, string>> = {\n${slugs.join('\n')}\n};`,
    '',
    '/**',
    " * The documentation link of an error code, by the catalogue's template.",
    ' *',
    ` * @example documentationUrl(${literal(first.type)}, ${literal(first.code)}) // ${exampleUrl}`,
    ' */',
    'export function documentationUrl(errorType: ErrorType, errorCode: string): string {',
    '  const slug = ERROR_TYPE_SLUGS[errorType];',
    "  return DOCUMENTATION_URL_TEMPLATE.replace('{type_slug}', slug).replace('{code_lower}', errorCode.toLowerCase());",
    '}',
    '',
  ].join('\n');
}
