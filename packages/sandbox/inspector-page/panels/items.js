// The Items panel: each Item with the state of its tokens (never their values).
import { el, formatTime, panelFrame } from '../dom.js';

export function createItemsPanel(api) {
  const { element, body } = panelFrame('items', 'Items and their tokens');
  return {
    element,
    async update() {
      const data = await api.get('items');
      body.replaceChildren(
        el(
          'table',
          {},
          el(
            'tr',
            {},
            el('th', {}, 'Item'),
            el('th', {}, 'Institution'),
            el('th', {}, 'Created (client clock)'),
            el('th', {}, 'Tokens'),
          ),
          data.items.map((item) =>
            el(
              'tr',
              { 'data-item-id': item.item_id },
              el(
                'td',
                {},
                el('code', {}, item.item_id),
                item.removed_at ? el('span', { class: 'error' }, ' removed') : '',
              ),
              el('td', {}, item.institution_id),
              el('td', {}, el('code', {}, formatTime(item.created_at))),
              el(
                'td',
                {},
                item.tokens.map((token) => el('div', {}, `${token.kind}: ${token.state}`)),
              ),
            ),
          ),
        ),
      );
    },
  };
}
