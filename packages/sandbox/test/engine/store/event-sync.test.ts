/**
 * Event ids in commit order (rule 9): a reader paging with `after_id` sees every event exactly
 * once, also while other requests write events concurrently, on SQLite and on PostgreSQL.
 */
import { expect, it } from 'vitest';
import { addClient } from '../../../src/engine/clients/clients.js';
import { eventCounterName, nextEventId } from '../../../src/engine/store/event-log.js';
import { type As, describeEngines, type TestSandbox } from '../../support/harness.js';
import {
  authorizationRequest,
  bankTransferRequest,
  newItem,
  newKey,
  transferRequest,
} from '../../support/transfer-fixtures.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freshClient(sandbox: TestSandbox): Promise<As> {
  const client = await addClient(sandbox.sandbox.store, 'event sync test', sandbox.clock.now());
  return { clientId: client.clientId, secret: client.secret };
}

/** Reads a stream with `after_id` until `done()` and one more read come back empty; returns every event id seen, in order. */
async function pageUntilDone(read: (afterId: number) => Promise<number[]>, done: () => boolean): Promise<number[]> {
  const seen: number[] = [];
  let after = 0;
  let drained = false;
  for (;;) {
    const finished = done();
    const ids = await read(after);
    seen.push(...ids);
    after = ids.at(-1) ?? after;
    if (ids.length === 0) {
      if (drained) {
        return seen;
      }
      drained = finished;
      await sleep(5);
    }
  }
}

describeEngines('event ids in commit order', (sandbox, engine) => {
  it('hands the next id to a concurrent writer only after the earlier writer committed', async () => {
    const store = sandbox().sandbox.store;
    const clientId = 'commit-order-client';
    const order: string[] = [];
    let releaseFirst: () => void = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstTook: () => void = () => {};
    const firstHasId = new Promise<void>((resolve) => {
      firstTook = resolve;
    });
    const first = store.transaction(async (trx) => {
      const id = await nextEventId(trx, 'bank_transfer_events', clientId);
      order.push(`first took ${id}`);
      firstTook();
      await firstHolds;
      order.push('first commits');
      return id;
    });
    await firstHasId;
    const second = store.transaction(async (trx) => {
      const id = await nextEventId(trx, 'bank_transfer_events', clientId);
      order.push(`second took ${id}`);
      return id;
    });
    // While the first writer holds its id, a reader sees no counter value beyond the committed ones.
    const reading =
      engine === 'postgres'
        ? await store.db
            .selectFrom('counters')
            .select('value')
            .where('name', '=', eventCounterName('bank_transfer_events', clientId))
            .executeTakeFirst()
        : undefined;
    expect(reading).toBeUndefined();
    await sleep(200);
    expect(order).toEqual(['first took 1']);
    releaseFirst();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(order).toEqual(['first took 1', 'first commits', 'second took 2']);
  });

  it('gives a rolled-back id to the next writer, leaving no gap', async () => {
    const store = sandbox().sandbox.store;
    const clientId = 'rollback-client';
    await store.transaction((trx) => nextEventId(trx, 'transfer_events', clientId));
    await expect(
      store.transaction(async (trx) => {
        await nextEventId(trx, 'transfer_events', clientId);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await store.transaction((trx) => nextEventId(trx, 'transfer_events', clientId))).toBe(2);
  });

  it('lets a reader paging bank transfer events by after_id see every event once while creates and cancels run concurrently', async () => {
    const as = await freshClient(sandbox());
    const item = await newItem(sandbox(), {}, as);
    let writing = true;
    const writers = (async () => {
      const rounds = 4;
      for (let round = 0; round < rounds; round++) {
        const created = await Promise.all(
          Array.from({ length: 8 }, (_, index) =>
            sandbox().ok(
              'bankTransferCreate',
              bankTransferRequest(item, newKey('sync'), { type: index % 2 ? 'debit' : 'credit', amount: '1.00' }),
              as,
            ),
          ),
        );
        await Promise.all(
          created.map(({ bank_transfer }, index) =>
            index % 3 === 0
              ? sandbox().ok('bankTransferCancel', { bank_transfer_id: bank_transfer.bank_transfer_id }, as)
              : index % 3 === 1
                ? sandbox().ok(
                    'sandboxBankTransferSimulate',
                    { bank_transfer_id: bank_transfer.bank_transfer_id, event_type: 'posted' },
                    as,
                  )
                : Promise.resolve(),
          ),
        );
      }
    })().finally(() => {
      writing = false;
    });
    const seen = await pageUntilDone(
      async (afterId) =>
        (await sandbox().ok('bankTransferEventSync', { after_id: afterId, count: 5 }, as)).bank_transfer_events.map(
          (event) => event.event_id,
        ),
      () => !writing,
    );
    await writers;
    const stored = await sandbox()
      .sandbox.store.db.selectFrom('bank_transfer_events')
      .select('event_id')
      .where('client_id', '=', (as as { clientId: string }).clientId)
      .orderBy('event_id')
      .execute();
    // 32 creates, 12 cancels and 12 posts.
    expect(stored).toHaveLength(32 + 12 + 12);
    expect(seen).toEqual(stored.map((row) => row.event_id));
    expect(seen).toEqual(Array.from({ length: stored.length }, (_, index) => index + 1));
  });

  it('lets a reader paging transfer events by after_id see every event once while creates and cancels run concurrently', async () => {
    const as = await freshClient(sandbox());
    const item = await newItem(sandbox(), {}, as);
    const authorizations = await Promise.all(
      Array.from({ length: 24 }, () =>
        sandbox().ok('transferAuthorizationCreate', authorizationRequest(item, { amount: '1.00' }), as),
      ),
    );
    let writing = true;
    const writers = (async () => {
      for (let start = 0; start < authorizations.length; start += 6) {
        const batch = authorizations.slice(start, start + 6);
        const created = await Promise.all(
          batch.map(({ authorization }) =>
            sandbox().ok(
              'transferCreate',
              transferRequest(authorizationRequest(item, { amount: '1.00' }), authorization.id, newKey('tsync')),
              as,
            ),
          ),
        );
        await Promise.all(
          created
            .filter((_, index) => index % 2 === 0)
            .map(({ transfer }) => sandbox().ok('transferCancel', { transfer_id: transfer.id }, as)),
        );
      }
    })().finally(() => {
      writing = false;
    });
    const seen = await pageUntilDone(
      async (afterId) =>
        (await sandbox().ok('transferEventSync', { after_id: afterId, count: 4 }, as)).transfer_events.map(
          (event) => event.event_id,
        ),
      () => !writing,
    );
    await writers;
    expect(seen).toEqual(Array.from({ length: 24 + 12 }, (_, index) => index + 1));
  });
});
