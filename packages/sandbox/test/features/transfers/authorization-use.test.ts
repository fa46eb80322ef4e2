/**
 * The use of an authorization by a transfer's create, on both engines: SQLite sends one statement
 * (an update answering the row) where PostgreSQL sends a read and an update together, and both
 * tell the same use: an unused authorization as it was and used now, a used one with its transfer
 * and not used again, none for an unknown id or another client's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openStore, type Store } from '../../../src/engine/store/open-store.js';
import { together } from '../../../src/engine/store/together.js';
import { authorizationUseOf, authorizationUseStatements } from '../../../src/features/transfers/authorization-use.js';
import { createTestDatabase } from '../../support/postgres.js';
import { authorizationRow } from '../../support/transfer-rows.js';

const CLIENT = 'client-use';

/** The client's authorization `id`, used by `transferId` (null: unused). */
function authorization(id: string, transferId: string | null) {
  return authorizationRow({
    authorization_id: id,
    client_id: CLIENT,
    created: '2026-11-02T10:00:00.000Z',
    transfer_id: transferId,
  });
}

const stores: Store[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
  }
});

const ENGINES: [string, number, () => Promise<Store>][] = [
  [
    'sqlite',
    1,
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-authorization-use-'));
      dirs.push(dir);
      return openStore({ kind: 'sqlite', dataDir: dir });
    },
  ],
  ['postgres', 2, async () => openStore({ kind: 'postgres', url: await createTestDatabase(inject('pgAdminUrl')) })],
];

describe.each(ENGINES)('the use of an authorization [%s]', (_engine, statementCount, open) => {
  it(`sends ${statementCount} statement(s) and tells each use alike`, async () => {
    const store = await open();
    stores.push(store);
    await store.db
      .insertInto('transfer_authorizations')
      .values([authorization('auth-unused', null), authorization('auth-used', 'transfer-first')])
      .execute();
    const use = (authorizationId: string, clientId = CLIENT) =>
      store.transaction(async (trx) => {
        const statements = authorizationUseStatements(trx, clientId, authorizationId, 'transfer-new');
        const answers = await together(trx, statements);
        return {
          sent: Object.keys(statements).length,
          ...(await authorizationUseOf(trx, clientId, authorizationId, answers)),
        };
      });

    const unused = await use('auth-unused');
    expect(unused).toEqual({ sent: statementCount, found: authorization('auth-unused', null), usedNow: true });
    const marked = await store.db
      .selectFrom('transfer_authorizations')
      .select('transfer_id')
      .where('authorization_id', '=', 'auth-unused')
      .executeTakeFirst();
    expect(marked?.transfer_id).toBe('transfer-new');

    expect(await use('auth-used')).toEqual({
      sent: statementCount,
      found: authorization('auth-used', 'transfer-first'),
      usedNow: false,
    });
    expect(await use('auth-unknown')).toEqual({ sent: statementCount, found: undefined, usedNow: false });
    expect(await use('auth-used', 'client-other')).toEqual({ sent: statementCount, found: undefined, usedNow: false });
  });
});
