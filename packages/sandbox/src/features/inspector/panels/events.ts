/**
 * The events panel: the client's transfer and bank transfer events after the cursors
 * `after_transfer` and `after_bank_transfer` (event ids, oldest first), each with the request
 * that caused it.
 */
import { cursorOf, type InspectorPanel, PAGE_LIMIT } from './panel.js';

/** `GET /inspector/api/events?after_transfer=<id>&after_bank_transfer=<id>`. */
export const eventsPanel: InspectorPanel = {
  name: 'events',
  async read({ store, clientId, query }) {
    const afterTransfer = cursorOf(query, 'after_transfer');
    const afterBankTransfer = cursorOf(query, 'after_bank_transfer');
    const transfers = await store.db
      .selectFrom('transfer_events')
      .select(['event_id', 'transfer_id', 'event_type', 'timestamp', 'transfer_amount', 'failure_reason', 'request_id'])
      .where('client_id', '=', clientId)
      .where('event_id', '>', afterTransfer)
      .orderBy('event_id', 'asc')
      .limit(PAGE_LIMIT)
      .execute();
    const bankTransfers = await store.db
      .selectFrom('bank_transfer_events')
      .select([
        'event_id',
        'bank_transfer_id',
        'event_type',
        'timestamp',
        'bank_transfer_amount',
        'direction',
        'failure_reason',
        'request_id',
      ])
      .where('client_id', '=', clientId)
      .where('event_id', '>', afterBankTransfer)
      .orderBy('event_id', 'asc')
      .limit(PAGE_LIMIT)
      .execute();
    return {
      transfer_events: transfers,
      bank_transfer_events: bankTransfers,
      after_transfer: transfers.at(-1)?.event_id ?? afterTransfer,
      after_bank_transfer: bankTransfers.at(-1)?.event_id ?? afterBankTransfer,
    };
  },
};
