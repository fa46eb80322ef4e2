/**
 * Which contract cases depend on the day they run: those whose request carries a date or a
 * date-time (a standing order's `start_date`, a list's window), since the server may compare it
 * with its own clock.
 */
import type { ContractCase } from './cases/types.js';

/** A calendar date, alone or at the start of an RFC 3339 date-time, inside a JSON string. */
const DATE_IN_JSON_STRING = /"\d{4}-\d{2}-\d{2}(T[^"]*)?"/;

/** Whether `item` sends a request with a date or date-time in its body. */
export function carriesDates(item: ContractCase): boolean {
  return item.kind !== 'error-example' && DATE_IN_JSON_STRING.test(JSON.stringify(item.body ?? null));
}
