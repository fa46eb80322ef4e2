// The requests panel: each recorded request as a row (newest on top), appended as they arrive;
// opening one shows its redacted bodies and what it caused (webhooks, events). "Download HAR"
// saves them all as HAR 1.2 (`/inspector/api/requests.har`), redacted the same way.
import { el, labelledTime, panelFrame, pretty } from '../dom.js';

export function createRequestsPanel(api, links) {
  const { element, body } = panelFrame('requests', 'Requests');
  const list = el('div', { class: 'requests' });
  const failure = el('span', { class: 'error', role: 'alert' });
  const download = el(
    'button',
    {
      type: 'button',
      id: 'download-har',
      title: 'Every recorded request of this client as HAR 1.2, redacted as shown here',
      onclick: () => {
        failure.textContent = '';
        api.download('requests.har').catch((error) => {
          failure.textContent = `Download failed: ${error.message}`;
        });
      },
    },
    'Download HAR',
  );
  body.append(el('div', { class: 'actions' }, download, ' ', failure), list);
  let after;

  /**
   * The marks of a request: what the client received, the fault it was given, a replay (with a
   * link to the request it repeats).
   */
  function marks(record) {
    const shown = [];
    if (record.delivery === 'dropped_before') {
      shown.push(
        el('span', { class: 'mark error', 'data-mark': 'dropped_before' }, 'dropped before handling: no response'),
      );
    } else if (record.delivery === 'dropped_after_commit') {
      shown.push(
        el(
          'span',
          { class: 'mark error', 'data-mark': 'dropped_after_commit' },
          'answer lost: committed, connection closed',
        ),
      );
    }
    if (record.replay) {
      shown.push(
        el(
          'span',
          { class: 'mark', 'data-mark': 'replay', 'data-replay-of': record.replay_of },
          record.replay_of
            ? ['replay of ', links.anchor(record.replay_of, `request-${record.replay_of}`)]
            : 'replay: answered from its idempotency key (created by no recorded request)',
        ),
      );
    }
    if (record.fault) {
      shown.push(el('span', { class: 'mark fault', 'data-mark': 'fault' }, record.fault));
    }
    return shown;
  }

  function row(record) {
    const failed = record.status === null || record.status >= 400;
    const linked = el('div', { class: 'links' });
    const details = el(
      'details',
      { id: `request-${record.request_id}`, 'data-request-id': record.request_id, 'data-delivery': record.delivery },
      el(
        'summary',
        {},
        labelledTime('sandbox', record.time),
        ' ',
        el('strong', {}, record.operation),
        ' ',
        el('span', { class: failed ? 'error' : 'ok' }, record.status === null ? 'no response' : String(record.status)),
        record.error_code ? el('span', { class: 'error' }, ` ${record.error_code}`) : '',
        ` ${record.duration_ms} ms `,
        el('code', {}, record.request_id),
        ...marks(record).flatMap((mark) => [' ', mark]),
      ),
      el(
        'div',
        {},
        'Received: ',
        labelledTime('sandbox', record.time),
        ' · ',
        labelledTime('client', record.client_time),
      ),
      el('div', {}, 'Request body'),
      el('pre', {}, pretty(record.request_body)),
      el(
        'div',
        {},
        record.delivery === 'answered'
          ? 'Response body'
          : record.delivery === 'dropped_after_commit'
            ? 'Response body (never received: the connection was closed after the commit)'
            : 'Response body (none: the connection was closed before the request was handled)',
      ),
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
