// The events panel: transfer and bank transfer events as they are appended, each with the
// request that caused it.
import { el, formatTime, panelFrame } from '../dom.js';

export function createEventsPanel(api) {
  const { element, body } = panelFrame('events', 'Transfer and bank transfer events');
  const head = () =>
    el(
      'tr',
      {},
      el('th', {}, 'Event'),
      el('th', {}, 'Time (client clock)'),
      el('th', {}, 'Type'),
      el('th', {}, 'Of'),
      el('th', {}, 'Amount'),
      el('th', {}, 'Request'),
    );
  const transfers = el('table', { class: 'transfer-events' }, head());
  const bankTransfers = el('table', { class: 'bank-transfer-events' }, head());
  body.append(el('h3', {}, 'Transfers'), transfers, el('h3', {}, 'Bank transfers'), bankTransfers);
  const cursors = {};

  const row = (id, event, of, amount) =>
    el(
      'tr',
      { id },
      el('td', { class: 'num' }, String(event.event_id)),
      el('td', {}, el('code', {}, formatTime(event.timestamp))),
      el('td', {}, event.event_type),
      el('td', {}, el('code', {}, of)),
      el('td', { class: 'num' }, amount),
      el('td', {}, el('code', {}, event.request_id ?? '')),
    );

  return {
    element,
    async update() {
      const data = await api.get('events', cursors);
      for (const event of data.transfer_events) {
        transfers.append(row(`transfer-event-${event.event_id}`, event, event.transfer_id, event.transfer_amount));
      }
      for (const event of data.bank_transfer_events) {
        bankTransfers.append(
          row(`bank-transfer-event-${event.event_id}`, event, event.bank_transfer_id, event.bank_transfer_amount),
        );
      }
      cursors.after_transfer = data.after_transfer;
      cursors.after_bank_transfer = data.after_bank_transfer;
    },
  };
}
