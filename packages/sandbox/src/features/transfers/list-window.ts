/**
 * The filters and page shared by `/transfer/list` and `/bank_transfer/list`: inclusive
 * `start_date` / `end_date` bounds on the creation time, `count` 1..25 (default 25) and `offset`
 * (default 0). Request validation already checked the types and ranges; this applies the defaults
 * and the cross-field rule the schema cannot express.
 */

import { requestDefaults } from '../../generated/handlers.gen.js';

/** The spec's defaults of `count` and `offset` of the transfer lists (the same for both). */
export const LIST_DEFAULTS = requestDefaults.transferList;

/** The list request fields this module reads. */
export interface ListWindowRequest {
  start_date?: string | null;
  end_date?: string | null;
  count?: number;
  offset?: number;
}

/** Bounds as stored timestamps (ISO 8601 UTC with milliseconds, comparable as text) and the page. */
export interface ListWindow {
  start: string | null;
  end: string | null;
  count: number;
  offset: number;
}

/** The window of a list request, or why it is refused (naming the field). */
export type ListWindowResult = { ok: true; window: ListWindow } | { ok: false; field: string; message: string };

/** The stored form of an RFC 3339 date-time (`2026-11-01T00:00:00+01:00` → `2026-10-31T23:00:00.000Z`). */
export function storedTime(dateTime: string): string {
  return new Date(dateTime).toISOString();
}

/** Applies the defaults and checks that `start_date` is not later than `end_date`. */
export function listWindow(request: ListWindowRequest): ListWindowResult {
  const start = request.start_date ? storedTime(request.start_date) : null;
  const end = request.end_date ? storedTime(request.end_date) : null;
  if (start !== null && end !== null && start > end) {
    return {
      ok: false,
      field: 'start_date',
      message: `${request.start_date} is later than end_date ${request.end_date}`,
    };
  }
  return {
    ok: true,
    window: { start, end, count: request.count ?? LIST_DEFAULTS.count, offset: request.offset ?? LIST_DEFAULTS.offset },
  };
}
