/**
 * Date ranges and count/offset paging shared by `/transactions/get` and
 * `/investments/transactions/get`.
 */
import { SandboxError } from '../../engine/index.js';
import { requestDefaults } from '../../generated/handlers.gen.js';

/** The spec's defaults of `options.count` and `options.offset` (the same for both operations). */
export const PAGE_DEFAULTS = requestDefaults.transactionsGet.options;

/** A page request: `count` items starting at `offset`. */
export interface PageRequest {
  count: number;
  offset: number;
}

/** The page asked for by `options` (the spec's defaults: {@link PAGE_DEFAULTS}). */
export function pageRequest(options: { count?: number; offset?: number } | undefined): PageRequest {
  return { count: options?.count ?? PAGE_DEFAULTS.count, offset: options?.offset ?? PAGE_DEFAULTS.offset };
}

/**
 * Refuses a range whose `start_date` is after its `end_date`: `INVALID_REQUEST` /
 * `INVALID_FIELD` naming both fields (dates are `YYYY-MM-DD`, so they compare as text).
 */
export function checkDateRange(startDate: string, endDate: string): void {
  if (startDate <= endDate) {
    return;
  }
  const message = `start_date (${startDate}) must not be after end_date (${endDate})`;
  throw new SandboxError({
    type: 'INVALID_REQUEST',
    code: 'INVALID_FIELD',
    message,
    causes: ['start_date', 'end_date'].map((field) => ({
      error_type: 'INVALID_REQUEST',
      error_code: 'INVALID_FIELD',
      error_message: message,
      field,
      location: 'body',
    })),
    suggestedAction: 'Send a start_date on or before end_date.',
  });
}

/** The page of `sorted` asked for, and the total it was taken from. */
export function pageOf<T>(sorted: readonly T[], page: PageRequest): { items: T[]; total: number } {
  return { items: sorted.slice(page.offset, page.offset + page.count), total: sorted.length };
}
