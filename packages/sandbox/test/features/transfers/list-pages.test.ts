/**
 * The lists find a page's ids in a covering index, then read those rows: the pages must be exactly
 * what the plain query (`order by created desc, id desc limit offset`) gives, for every filter,
 * window and offset, with ties in `created`.
 */
import { expect, it } from 'vitest';
import type { Database } from '../../../src/engine/store/database.js';
import { listBankTransfers } from '../../../src/features/bank-transfers/queries.js';
import type { ListWindow } from '../../../src/features/transfers/list-window.js';
import { listTransfers } from '../../../src/features/transfers/queries.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/world.js';
import { describeEngines } from '../../support/harness.js';
import {
  authorizationRequest,
  authorizeAndCreate,
  bankTransferRequest,
  CANONICAL,
  newKey,
} from '../../support/transfer-fixtures.js';

const ROWS = 90;
const client = DEFAULT_CLIENT.clientId;
const base = Date.parse('2026-10-01T00:00:00.000Z');
/** Three rows per millisecond: ties ordered by id. */
const createdAt = (index: number) => new Date(base + Math.floor(index / 3)).toISOString();
const ORIGINATIONS = ['orig-list-a', 'orig-list-b'];

const windows: [string, Omit<ListWindow, 'count' | 'offset'>][] = [
  ['no dates', { start: null, end: null }],
  ['from a tie', { start: createdAt(30), end: null }],
  ['until a tie', { start: null, end: createdAt(61) }],
  ['between', { start: createdAt(10), end: createdAt(70) }],
];
const pages: [number, number][] = [
  [25, 0],
  [25, 25],
  [7, 44],
  [25, 80],
  [25, 200],
  [1, 0],
];

describeEngines('the transfer lists, page by page', (sandbox) => {
  it('gives the pages of the plain query for transfers', async () => {
    const { transfer } = await authorizeAndCreate(sandbox(), authorizationRequest(CANONICAL), newKey('list'));
    const { db } = sandbox().sandbox.store;
    const template = await db
      .selectFrom('transfers')
      .selectAll()
      .where('transfer_id', '=', transfer.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('transfers')
      .values(
        Array.from({ length: ROWS }, (_, index) => ({
          ...template,
          // Ids not in creation order, so that the tie-break is tested.
          transfer_id: `list-${String((index * 37) % ROWS).padStart(3, '0')}`,
          authorization_id: `list-authorization-${index}`,
          created: createdAt(index),
          origination_account_id: ORIGINATIONS[index % 2] ?? '',
        })),
      )
      .execute();
    for (const [, dates] of windows) {
      for (const origination of [null, ...ORIGINATIONS]) {
        for (const [count, offset] of pages) {
          const window = { ...dates, count, offset };
          let plain = db.selectFrom('transfers').selectAll().where('client_id', '=', client);
          if (window.start !== null) {
            plain = plain.where('created', '>=', window.start);
          }
          if (window.end !== null) {
            plain = plain.where('created', '<=', window.end);
          }
          if (origination !== null) {
            plain = plain.where('origination_account_id', '=', origination);
          }
          const expected = await plain
            .orderBy('created', 'desc')
            .orderBy('transfer_id', 'desc')
            .limit(count)
            .offset(offset)
            .execute();
          expect(await listTransfers(db, client, window, origination), JSON.stringify({ window, origination })).toEqual(
            expected,
          );
        }
      }
    }
  });

  it('gives the pages of the plain query for bank transfers', async () => {
    const { bank_transfer: created } = await sandbox().ok(
      'bankTransferCreate',
      bankTransferRequest(CANONICAL, newKey('list')),
    );
    const { db } = sandbox().sandbox.store;
    const template = await db
      .selectFrom('bank_transfers')
      .selectAll()
      .where('bank_transfer_id', '=', created.bank_transfer_id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('bank_transfers')
      .values(
        Array.from({ length: ROWS }, (_, index) => ({
          ...template,
          bank_transfer_id: `list-${String((index * 37) % ROWS).padStart(3, '0')}`,
          created: createdAt(index),
          origination_account_id: ORIGINATIONS[index % 2] ?? '',
          direction: index % 3 === 0 ? ('inbound' as const) : ('outbound' as const),
        })),
      )
      .execute();
    const directions: Database['bank_transfers']['direction'][] = ['inbound', 'outbound'];
    for (const [, dates] of windows) {
      for (const origination of [null, ...ORIGINATIONS]) {
        for (const direction of [null, ...directions]) {
          for (const [count, offset] of pages) {
            const window = { ...dates, count, offset };
            let plain = db.selectFrom('bank_transfers').selectAll().where('client_id', '=', client);
            if (window.start !== null) {
              plain = plain.where('created', '>=', window.start);
            }
            if (window.end !== null) {
              plain = plain.where('created', '<=', window.end);
            }
            if (origination !== null) {
              plain = plain.where('origination_account_id', '=', origination);
            }
            if (direction !== null) {
              plain = plain.where('direction', '=', direction);
            }
            const expected = await plain
              .orderBy('created', 'desc')
              .orderBy('bank_transfer_id', 'desc')
              .limit(count)
              .offset(offset)
              .execute();
            const filters = { originationAccountId: origination, direction };
            expect(await listBankTransfers(db, client, window, filters), JSON.stringify({ window, filters })).toEqual(
              expected,
            );
          }
        }
      }
    }
  });
});
