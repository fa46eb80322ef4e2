// The webhooks panel: each delivery with its state and every attempt (status, duration, the
// signature header, the next retry). Redrawn on each update; open deliveries stay open.
import { el, formatTime, labelledTime, panelFrame, pretty } from '../dom.js';

export function createWebhooksPanel(api) {
  const { element, body } = panelFrame('webhooks', 'Webhook deliveries');
  const open = new Set();

  function delivery(webhook) {
    const details = el(
      'details',
      { id: `webhook-${webhook.id}`, 'data-webhook-id': webhook.id, open: open.has(webhook.id) },
      el(
        'summary',
        {},
        labelledTime('client', webhook.created_at),
        ' ',
        el('strong', {}, webhook.webhook_code),
        ' ',
        el(
          'span',
          { class: webhook.state === 'given_up' ? 'error' : webhook.state === 'delivered' ? 'ok' : '' },
          webhook.state,
        ),
        ` ${webhook.attempts.length} attempt(s) to `,
        el('code', {}, webhook.url),
      ),
      el('div', {}, 'Request: ', el('code', {}, webhook.request_id ?? '(none)')),
      webhook.next_attempt_at
        ? el('div', {}, 'Next attempt at ', labelledTime('sandbox', webhook.next_attempt_at))
        : '',
      el(
        'table',
        { class: 'attempts' },
        el(
          'tr',
          {},
          el('th', {}, '#'),
          el('th', {}, 'Started (sandbox time)'),
          el('th', {}, 'Status'),
          el('th', {}, 'Duration'),
          el('th', {}, 'Signature header'),
          el('th', {}, 'Error'),
        ),
        webhook.attempts.map((attempt) =>
          el(
            'tr',
            { class: 'attempt' },
            el('td', { class: 'num' }, String(attempt.attempt)),
            el('td', {}, el('code', {}, formatTime(attempt.started_at))),
            el(
              'td',
              { class: attempt.status >= 200 && attempt.status < 300 ? 'ok' : 'error' },
              String(attempt.status ?? '—'),
            ),
            el('td', { class: 'num' }, `${attempt.duration_ms} ms`),
            el('td', {}, el('code', {}, attempt.signature ?? '')),
            el('td', {}, attempt.error ?? ''),
          ),
        ),
      ),
      el('div', {}, 'Body'),
      el('pre', {}, pretty(webhook.body)),
    );
    details.addEventListener('toggle', () => (details.open ? open.add(webhook.id) : open.delete(webhook.id)));
    return details;
  }

  return {
    element,
    async update() {
      const data = await api.get('webhooks');
      body.replaceChildren(
        ...(data.deliveries.length > 0 ? data.deliveries.map(delivery) : [el('p', {}, 'No webhook yet.')]),
      );
    },
  };
}
