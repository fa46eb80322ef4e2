/** Writing partner tokens: a token row of any kind for one account of an Item. */
import type { Transaction } from 'kysely';
import type { Database } from '../../engine/store/database.js';

/** Stores `token` of `kind` for one account of an Item, issued at `now`. */
export async function issueAccountToken(
  trx: Transaction<Database>,
  token: { token: string; kind: string; clientId: string; itemId: string; accountId: string; now: Date },
): Promise<string> {
  await trx
    .insertInto('tokens')
    .values({
      token: token.token,
      kind: token.kind,
      client_id: token.clientId,
      item_id: token.itemId,
      account_id: token.accountId,
      subject_id: null,
      created_at: token.now.toISOString(),
      expires_at: null,
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return token.token;
}
