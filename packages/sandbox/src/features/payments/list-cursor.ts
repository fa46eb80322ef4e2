/**
 * Cursors of `/payment_initiation/payment/list`. Payments are listed by `last_status_update`,
 * newest first, and payments changed in the same instant by the sequence number of their last
 * change, latest first, so (timestamp, sequence) names a position uniquely. `next_cursor` encodes
 * the position of the last payment of a page (base64url of `<timestamp>|<sequence>`); the next page
 * starts strictly after it, so paging neither repeats nor skips a payment. A plain RFC 3339
 * date-time is accepted too and means "last updated strictly earlier than this instant".
 */

/** A position in the list: the payment's `last_status_update` (ISO, milliseconds) and change sequence. */
export interface ListPosition {
  lastStatusUpdate: string;
  sequence: number;
}

/** Where a page starts: after a position, or before an instant. */
export type ListBound = { kind: 'after'; position: ListPosition } | { kind: 'before'; instant: string };

const POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,15})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** The `next_cursor` of a page whose last payment is at `position`. */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.lastStatusUpdate}|${position.sequence}`).toString('base64url');
}

/**
 * The bound a `cursor` stands for, or undefined when it is neither a `next_cursor` value nor an
 * RFC 3339 date-time. A date-time with digits beyond the millisecond is rounded up, so "strictly
 * earlier" stays exact against the millisecond timestamps the store keeps.
 */
export function decodeCursor(cursor: string): ListBound | undefined {
  const dateTime = DATE_TIME.exec(cursor);
  if (dateTime) {
    const ms = Date.parse(cursor.toUpperCase());
    if (Number.isNaN(ms)) {
      return undefined;
    }
    const beyondMs = (dateTime[2] ?? '').slice(4).replaceAll('0', '') !== '';
    return { kind: 'before', instant: new Date(ms + (beyondMs ? 1 : 0)).toISOString() };
  }
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) {
    return undefined;
  }
  const position = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!position || Number.isNaN(Date.parse(position[1] ?? ''))) {
    return undefined;
  }
  return { kind: 'after', position: { lastStatusUpdate: position[1] ?? '', sequence: Number(position[2]) } };
}
