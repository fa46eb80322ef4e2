import { generatedBanner } from './banner.js';
import { describeOperations } from './operation-policy.js';

/** @typedef {import('./operation-policy.js').OperationDescription} OperationDescription */
/** @typedef {import('./operation-policy.js').RetryPolicy} RetryPolicy */

/** The sentence the JSDoc of a method gives for each retry policy (the README explains them). */
export const RETRY_NOTES = {
  read: '**Retries:** automatic (a read: `/get`, `/list`, `/search`, `/sync`) on network errors, timeouts, `429` and `5xx`, with backoff and `Retry-After`.',
  idempotent:
    '**Retries:** automatic (the request carries a required `idempotency_key`, so a repeat returns the first result) on network errors, timeouts, `429` and `5xx`, with backoff and `Retry-After`. Keep the same key when you retry yourself.',
  unsafe:
    '**Retries:** only when the request provably never left (connection refused, host not found): repeating it once it may have reached the server could perform it twice. A `429`, `5xx` or timeout is thrown to you.',
};

/**
 * Formats text as a JSDoc block indented by `indent`: the paragraphs, then the tags. In the
 * paragraphs (text from the spec) `*\/` is escaped so it cannot end the comment, and a line
 * starting with `@` is escaped so it is not read as a tag.
 * @param {string[]} paragraphs
 * @param {string} indent
 * @param {string[]} [tags] JSDoc tags, written as given (`@deprecated ...`)
 * @returns {string}
 */
export function jsDoc(paragraphs, indent, tags = []) {
  const text = paragraphs
    .flatMap((paragraph, index) => [...(index > 0 ? [''] : []), ...paragraph.trimEnd().split('\n')])
    .map((line) => line.replaceAll('*/', '*\\/').replace(/^(\s*)@/, '$1\\@'));
  const lines = tags.length > 0 ? [...text, '', ...tags] : text;
  return [`${indent}/**`, ...lines.map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`)), `${indent} */`]
    .join('\n')
    .concat('\n');
}

/**
 * The type of one operation's entry in `operationTable` (its path, retry policy and paging as
 * literal types), a member of the `OperationEntries` interface.
 * @param {OperationDescription} operation
 * @returns {string}
 */
function tableEntry(operation) {
  const entry = {
    path: operation.path,
    retry: operation.retry,
    ...(operation.paging ? { paging: operation.paging } : {}),
  };
  return `  ${operation.name}: ${JSON.stringify(entry)},`;
}

/**
 * The operation name the client derives from a path when the table does not state one (the
 * same rule as `operationNameOf` in the client's src/operation-table.ts).
 * @param {string} path
 * @returns {string}
 */
function nameOfPath(path) {
  return path.slice(1).replace(/[/_](.)/g, (_, letter) => letter.toUpperCase());
}

/**
 * The compact runtime entry of one operation, within the group of its first path segment:
 * `<r|i|u><rest of the path>`, plus `=<name>` when the operationId is not the camelCased path.
 * @param {OperationDescription} operation
 * @returns {string}
 */
function compactEntry(operation) {
  const name = nameOfPath(operation.path) === operation.name ? '' : `=${operation.name}`;
  return `${operation.retry[0]}${operation.path.split('/').slice(2).join('/')}${name}`;
}

/**
 * The compact runtime table: the entries grouped by the first segment of their paths,
 * `<segment>:<entry>,<entry> <segment>:…` (see the client's src/operation-table.ts).
 * @param {OperationDescription[]} operations
 * @returns {string}
 */
function compactTable(operations) {
  /** @type {Map<string, string[]>} */
  const groups = new Map();
  for (const operation of operations) {
    const [, first = '', ...rest] = operation.path.split('/');
    if (rest.length === 0) {
      throw new Error(`operationTable: ${operation.path} has a single segment`);
    }
    const entry = compactEntry(operation);
    if (/[^\w=/-]/.test(entry) || /[^\w-]/.test(first)) {
      throw new Error(`operationTable: ${operation.path} cannot be stored compactly (${entry})`);
    }
    groups.set(first, [...(groups.get(first) ?? []), entry]);
  }
  return [...groups].map(([first, entries]) => `${first}:${entries.join(',')}`).join(' ');
}

/**
 * The `operationTable` declaration: its type (every entry as literal types), and the value,
 * stored compactly (see the client's src/operation-table.ts) for what it costs a browser bundle.
 * @param {OperationDescription[]} operations
 * @returns {string[]}
 */
function operationTableLines(operations) {
  const paging = Object.fromEntries(
    operations.flatMap((operation) => (operation.paging ? [[operation.name, operation.paging]] : [])),
  );
  const entries = compactTable(operations);
  return [
    '/** The entry of every operation in `operationTable`, as literal types. */',
    'interface OperationEntries {',
    ...operations.map(tableEntry),
    '}',
    '',
    '/**',
    ' * Runtime facts of every operation, by operationId: its path, its retry policy (`read`,',
    ' * `idempotent` or `unsafe`, derived from the spec as the README explains) and, for paged',
    ' * operations, where the paging fields are.',
    ' */',
    'export const operationTable: { readonly [Name in keyof OperationEntries]: Readonly<OperationEntries[Name]> } =',
    '  /* @__PURE__ */ expandOperationTable<OperationEntries>(',
    `    ${JSON.stringify(entries)},`,
    `    ${JSON.stringify(paging)},`,
    '  );',
  ];
}

/**
 * The named method of one operation, with its summary and description as JSDoc.
 * @param {OperationDescription} operation
 * @returns {string}
 */
function methodSignature(operation) {
  const paragraphs = [operation.summary, operation.description, RETRY_NOTES[operation.retry]];
  if (operation.paging) {
    paragraphs.push(`**Paged:** iterate over every page with \`client.paginate.${operation.name}(body)\`.`);
  }
  const tags = [`@see POST ${operation.path}`];
  if (operation.deprecated) {
    tags.push('@deprecated The API deprecates this operation; see the description for what replaces it.');
  }
  const optional = operation.bodyOptional ? '?' : '';
  return `${jsDoc(paragraphs, '  ', tags)}  ${operation.name}(body${optional}: RequestBody<"${operation.name}">, options?: CallOptions): Promise<ResponseBody<"${operation.name}">>;`;
}

/**
 * One sentence saying how a paging style moves from page to page and when it stops.
 * @param {import('./operation-policy.js').Paging} paging
 * @returns {string}
 */
export function pagingRule(paging) {
  switch (paging.kind) {
    case 'offset':
      return `Raises \`${paging.offset.join('.')}\` by \`${paging.count.join('.')}\` until a page is shorter than \`${paging.count.join('.')}\`.`;
    case 'total':
      return `Raises \`${paging.offset.join('.')}\` by \`${paging.count.join('.')}\` until it reaches \`${paging.total}\` (pages may be shorter than \`${paging.count.join('.')}\` before that).`;
    case 'cursor':
      return `Passes \`${paging.next}\` as the next \`${paging.cursor}\` until it is null.`;
    case 'after-id':
      return `Passes the last \`${paging.id}\` as the next \`${paging.after}\` until a page is shorter than \`${paging.count.join('.')}\` (no newer event yet).`;
  }
}

/**
 * The paginator of one paged operation.
 * @param {OperationDescription & { paging: NonNullable<OperationDescription['paging']> }} operation
 * @returns {string}
 */
function paginatorSignature(operation) {
  const { paging } = operation;
  const paragraphs = [
    `${operation.summary}, every page (\`POST ${operation.path}\`): iterates over each item of \`${paging.items}\`, fetching pages as needed. \`byPage()\` iterates over whole responses instead.`,
    pagingRule(paging),
  ];
  const optional = operation.bodyOptional ? '?' : '';
  return `${jsDoc(paragraphs, '  ', [`@see POST ${operation.path}`])}  ${operation.name}(body${optional}: RequestBody<"${operation.name}">, options?: PaginateOptions): Paged<PageItem<"${operation.name}", "${paging.items}">, ResponseBody<"${operation.name}">>;`;
}

/**
 * Generates operations.gen.ts: the runtime table (path, retry policy, paging) of every operation,
 * and the typed named methods and paginators with each operation's docs as JSDoc.
 * @param {import('./spec-schemas.js').Document} document
 * @returns {string} the file content
 */
export function generateOperations(document) {
  const operations = describeOperations(document);
  const paged = operations.filter((operation) => operation.paging);
  return [
    generatedBanner('Every operation of the SVC API: path, retry policy, paging, and the typed named methods.'),
    "import { expandOperationTable } from '../operation-table.js';",
    "import type { CallOptions, PageItem, Paged, PaginateOptions, RequestBody, ResponseBody } from '../operation-types.js';",
    '',
    ...operationTableLines(operations),
    '',
    '/** The operationId of an operation of the API. */',
    'export type OperationName = keyof typeof operationTable;',
    '',
    '/** The operationId of a paged operation, which has a paginator in `client.paginate`. */',
    `export type PagedOperationName = ${paged.map((operation) => JSON.stringify(operation.name)).join(' | ')};`,
    '',
    '/**',
    ' * One method per operation, named after its operationId: takes the request body, resolves to the',
    ' * response body, and throws an `SvcError` (an `SvcApiError` for a non-2xx response).',
    ' */',
    'export interface OperationMethods {',
    operations.map(methodSignature).join('\n'),
    '}',
    '',
    '/** One async iterator per paged operation (`client.paginate.<operationId>(body)`). */',
    'export interface Paginators {',
    paged.map((operation) => paginatorSignature(/** @type {any} */ (operation))).join('\n'),
    '}',
    '',
  ].join('\n');
}
