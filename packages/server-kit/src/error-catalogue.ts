/**
 * The API's error catalogue (error_code → error_type → HTTP status → meaning → suggested action),
 * so a server answers each business error with the status and type the documentation promises.
 * The catalogue is data in the spec (`spec/errors/catalogue.yaml`, `x-error-catalogue` of the
 * bundled document); `generated/error-catalogue.gen.ts` is generated from it.
 *
 * @see spec/errors/README.md
 */
import {
  ERROR_CATALOGUE_ROWS,
  type ErrorCatalogueRow,
  type ErrorCode,
  type ErrorType,
} from './generated/error-catalogue.gen.js';

/** One row of the catalogue. */
export interface ErrorCatalogueEntry {
  code: ErrorCode;
  type: ErrorType;
  status: number;
  meaning: string;
  /** What the caller should do; a server uses it when the code path has nothing more specific. */
  suggestedAction: string;
}

/** The catalogue, looked up by `error_type` and `error_code` (a code may exist under two types). */
export interface ErrorCatalogue {
  readonly entries: readonly ErrorCatalogueEntry[];
  /** The entry of `type` / `code`; throws when the catalogue has no such row (a server bug). */
  get(type: ErrorType, code: ErrorCode): ErrorCatalogueEntry;
  /** The entry of `type` / `code`, or undefined. */
  find(type: ErrorType, code: ErrorCode): ErrorCatalogueEntry | undefined;
}

/** A catalogue over `entries`. */
function catalogueOf(entries: readonly ErrorCatalogueEntry[]): ErrorCatalogue {
  const byKey = new Map(entries.map((entry) => [`${entry.type}/${entry.code}`, entry]));
  return {
    entries,
    find: (type, code) => byKey.get(`${type}/${code}`),
    get(type, code) {
      const entry = byKey.get(`${type}/${code}`);
      if (!entry) {
        throw new Error(`${type} / ${code} is not in the error catalogue`);
      }
      return entry;
    },
  };
}

/** A generated row as an entry. */
function entryOf(row: ErrorCatalogueRow): ErrorCatalogueEntry {
  return {
    code: row.code,
    type: row.type,
    status: row.status,
    meaning: row.meaning,
    suggestedAction: row.suggested_action,
  };
}

/** The catalogue of the spec this package was built from. */
export const errorCatalogue: ErrorCatalogue = catalogueOf(ERROR_CATALOGUE_ROWS.map(entryOf));
