/**
 * The Items panel: the client's Items with the state of each of their tokens (kind, active,
 * used, rotated, removed or expired, and when), never a token's value.
 */
import { redactedUrl } from '../../../engine/index.js';
import { type InspectorPanel, PAGE_LIMIT } from './panel.js';

/** The state of a token for people. */
export function tokenState(
  token: { used_at: string | null; revoked_at: string | null; expires_at: string | null },
  itemRemoved: boolean,
  now: string,
): 'active' | 'used' | 'rotated' | 'removed' | 'expired' {
  if (token.revoked_at) {
    return itemRemoved ? 'removed' : 'rotated';
  }
  if (itemRemoved) {
    return 'removed';
  }
  if (token.used_at) {
    return 'used';
  }
  if (token.expires_at && token.expires_at <= now) {
    return 'expired';
  }
  return 'active';
}

/** `GET /inspector/api/items`. */
export const itemsPanel: InspectorPanel = {
  name: 'items',
  async read({ store, clientId, now }) {
    const items = await store.db
      .selectFrom('items')
      .select(['item_id', 'institution_id', 'test_user', 'webhook', 'created_at', 'removed_at'])
      .where('client_id', '=', clientId)
      .orderBy('created_at', 'desc')
      .limit(PAGE_LIMIT)
      .execute();
    const ids = items.map((item) => item.item_id);
    const tokens =
      ids.length === 0
        ? []
        : await store.db
            .selectFrom('tokens')
            // Never the token column itself.
            .select(['item_id', 'kind', 'created_at', 'expires_at', 'used_at', 'revoked_at'])
            .where('client_id', '=', clientId)
            .where('item_id', 'in', ids)
            .orderBy('created_at', 'asc')
            .execute();
    return {
      items: items.map((item) => ({
        ...item,
        webhook: item.webhook === null ? null : redactedUrl(item.webhook),
        tokens: tokens
          .filter((token) => token.item_id === item.item_id)
          .map((token) => ({
            kind: token.kind,
            state: tokenState(token, item.removed_at !== null, now.toISOString()),
            created_at: token.created_at,
            revoked_at: token.revoked_at,
          })),
      })),
    };
  },
};
