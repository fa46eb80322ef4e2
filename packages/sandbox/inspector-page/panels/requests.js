// The requests panel: each recorded request as a row (newest on top), appended as they arrive;
// opening one shows its redacted bodies and what it caused (webhooks, events).
import { clockTime, el, panelFrame, pretty } from '../dom.js';

export function createRequestsPanel(api, links) {
  const { element, body } = panelFrame('requests', 'Requests');
  const list = el('div', { class: 'requests' });
  body.append(list);
  let after;

  function row(record) {
    const failed = record.status >= 400;
    const linked = el('div', { class: 'links' });
    const details = el(
      'details',
      { 'data-request-id': record.request_id },
      el(
        'summary',
        {},
        el('code', {}, clockTime(record.time)),
        ' ',
        el('strong', {}, record.operation),
        ' ',
        el('span', { class: failed ? 'error' : 'ok' }, String(record.status)),
        record.error_code ? el('span', { class: 'error' }, ` ${record.error_code}`) : '',
        ` ${record.duration_ms} ms `,
        el('code', {}, record.request_id),
      ),
      el('div', {}, 'Request body'),
      el('pre', {}, pretty(record.request_body)),
      el('div', {}, 'Response body'),
      el('pre', {}, pretty(record.response_body)),
      linked,
    );
    details.addEventListener('toggle', async () => {
      if (!details.open) {
        return;
      }
      const found = await api.get('links', { request_id: record.request_id });
      const anchors = [
        ...found.webhooks.map((webhook) =>
          links.anchor(`webhook ${webhook.webhook_code} #${webhook.id}`, `webhook-${webhook.id}`),
        ),
        ...found.transfer_events.map((event) =>
          links.anchor(`transfer event ${event.event_id} ${event.event_type}`, `transfer-event-${event.event_id}`),
        ),
        ...found.bank_transfer_events.map((event) =>
          links.anchor(
            `bank transfer event ${event.event_id} ${event.event_type}`,
            `bank-transfer-event-${event.event_id}`,
          ),
        ),
      ];
      linked.replaceChildren(
        el('span', {}, anchors.length > 0 ? 'Caused: ' : 'Caused no webhook and no event.'),
        ...anchors,
      );
    });
    return details;
  }

  return {
    element,
    async update() {
      const data = await api.get('requests', { after });
      for (const record of data.records) {
        list.prepend(row(record));
      }
      after = data.after;
    },
  };
}
