/**
 * The API's error catalogue (error_code → error_type → HTTP status → meaning), read from the
 * OpenAPI document it is published in, so a server answers each business error with the status
 * and type the documentation promises.
 */
import type { ErrorType } from './api-error.js';

/** One row of the catalogue. */
export interface ErrorCatalogueEntry {
  code: string;
  type: ErrorType;
  status: number;
  meaning: string;
}

/** The catalogue, looked up by `error_type` and `error_code` (a code may exist under two types). */
export interface ErrorCatalogue {
  readonly entries: readonly ErrorCatalogueEntry[];
  /** The entry of `type` / `code`; throws when the catalogue has no such row (a server bug). */
  get(type: ErrorType, code: string): ErrorCatalogueEntry;
}

const TABLE = /<!-- error-catalogue:start -->([\s\S]*?)<!-- error-catalogue:end -->/;
const ROW = /^\| `([A-Z0-9_]+)` \| `([A-Z_]+)` \| (\d{3}) \| (.*?) \|\s*$/gm;

/**
 * Reads the catalogue from `info.description` of `document` (the table between the
 * `error-catalogue:start` / `:end` markers). Throws when the table is missing or empty.
 */
export function readErrorCatalogue(document: { info?: { description?: string } }): ErrorCatalogue {
  const table = TABLE.exec(document.info?.description ?? '')?.[1];
  const entries = [...(table ?? '').matchAll(ROW)].map(
    ([, code = '', type = '', status = '0', meaning = '']): ErrorCatalogueEntry => ({
      code,
      type: type as ErrorType,
      status: Number(status),
      meaning: meaning.trim(),
    }),
  );
  if (entries.length === 0) {
    throw new Error('the document has no error catalogue (a table between <!-- error-catalogue:start/end --> markers)');
  }
  const byKey = new Map(entries.map((entry) => [`${entry.type}/${entry.code}`, entry]));
  return {
    entries,
    get(type, code) {
      const entry = byKey.get(`${type}/${code}`);
      if (!entry) {
        throw new Error(`${type} / ${code} is not in the error catalogue`);
      }
      return entry;
    },
  };
}
