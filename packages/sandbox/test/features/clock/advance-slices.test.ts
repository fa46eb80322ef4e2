/**
 * Due work of an advance, bounded and sliced, on both engines: it runs in slices of at most
 * DUE_WORK_SLICE items (and DUE_WORK_SLICE_MS of work) per transaction, not one transaction per
 * item nor one for all, another
 * client's requests are answered while a long advance runs, and one advance performs at most
 * CLIENT_LIMITS.dueWorkPerAdvance items: with more due it stops there with
 * SANDBOX_CLIENT_LIMIT_REACHED, saying how far it got, and the next advance goes on. The work is
 * written straight to `due_work` (refunds of payments that do not exist: claimed and done, changing
 * nothing), so thousands of items cost little.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_LIMITS } from '../../../src/engine/errors/client-limits.js';
import { DUE_WORK_SLICE, DUE_WORK_SLICE_MS, nextSliceSize } from '../../../src/engine/schedule/due-work.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';

const START = '2026-11-02T10:00:00.000Z';

describeEngines('due work of an advance, sliced and bounded', (sandbox, engine) => {
  beforeEach(async () => {
    sandbox().clock.set(START);
    await sandbox().sandbox.reset();
    // The canonical refund is executed on Tuesday: these tests advance less than that.
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Schedules `count` items of the default client, one a second from START + 1 s. */
  async function dueItems(count: number): Promise<void> {
    const start = Date.parse(START);
    const rows = Array.from({ length: count }, (_, index) => ({
      due_id: `due-test-${String(index).padStart(6, '0')}`,
      client_id: DEFAULT_CLIENT.clientId,
      due_at: new Date(start + (index + 1) * 1000).toISOString(),
      kind: 'refund_execution',
      subject: `payment-that-does-not-exist-${index}`,
      state: 'pending',
      created_at: START,
      performed_at: null,
    }));
    for (let from = 0; from < rows.length; from += 1000) {
      await sandbox()
        .sandbox.store.db.insertInto('due_work')
        .values(rows.slice(from, from + 1000))
        .execute();
    }
  }

  async function pendingItems(): Promise<number> {
    const { count } = await sandbox()
      .sandbox.store.db.selectFrom('due_work')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('client_id', '=', DEFAULT_CLIENT.clientId)
      .where('state', '=', 'pending')
      .where('due_id', 'like', 'due-test-%')
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  it(`performs the items in slices: at most ${DUE_WORK_SLICE} per transaction, not one transaction each`, async () => {
    const items = 3 * DUE_WORK_SLICE + 5;
    await dueItems(items);
    const transaction = vi.spyOn(sandbox().sandbox.store, 'transaction');
    await sandbox().ok('sandboxClockAdvance', { duration: 'PT1H' });
    expect(await pendingItems()).toBe(0);
    // The move of the clock, then the slices (the last may find nothing more). A slice also ends
    // after DUE_WORK_SLICE_MS of work, so there may be more of them on a slow machine; these
    // items (refunds of no payment) take a fraction of that each.
    const transactions = transaction.mock.calls.length;
    expect(transactions).toBeGreaterThanOrEqual(1 + Math.ceil(items / DUE_WORK_SLICE));
    expect(transactions).toBeLessThan(1 + items);
  });

  it(`on SQLite, sizes the next slice by the time the last took with its commit (${engine})`, async () => {
    const items = 2 * DUE_WORK_SLICE;
    await dueItems(items);
    const store = sandbox().sandbox.store;
    const transaction = store.transaction.bind(store);
    // Every transaction costs the process 4 slices' time more, as a commit writing many pages does.
    vi.spyOn(store, 'transaction').mockImplementation(async (work) => {
      const result = await transaction(work);
      const until = performance.now() + 4 * DUE_WORK_SLICE_MS;
      while (performance.now() < until) {
        // the commit's writes
      }
      return result;
    });
    await sandbox().ok('sandboxClockAdvance', { duration: 'PT1H' });
    expect(await pendingItems()).toBe(0);
    if (engine === 'sqlite') {
      // The move of the clock, a first slice, then slices shrinking to an item or two (full
      // slices would be 1 + 2). (PostgreSQL's slices wait on round trips, holding nothing of the
      // process: their size is not fitted.)
      const transactions = vi.mocked(store.transaction).mock.calls.length;
      expect(transactions).toBeGreaterThanOrEqual(12);
    }
  });

  it(`stops after ${CLIENT_LIMITS.dueWorkPerAdvance} items, says how far it got, answers another client meanwhile, and the next advance goes on`, async () => {
    await dueItems(CLIENT_LIMITS.dueWorkPerAdvance + 3);
    const advance = sandbox().fail('sandboxClockAdvance', { duration: 'PT2H' });
    let advanceDone = false;
    void advance.then(() => {
      advanceDone = true;
    });
    // Another client's request while the advance runs: answered before the advance is.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sandbox().ok('sandboxClockGet', {}, 'demo');
    const answeredDuringAdvance = !advanceDone;
    const stopped = await advance;
    expect(answeredDuringAdvance).toBe(true);
    expect(stopped.status).toBe(400);
    expect(stopped.body).toMatchObject({ error_type: 'SANDBOX_ERROR', error_code: 'SANDBOX_CLIENT_LIMIT_REACHED' });
    const firstLeft = new Date(Date.parse(START) + (CLIENT_LIMITS.dueWorkPerAdvance + 1) * 1000).toISOString();
    expect(stopped.body.error_message).toBe(
      `one advance performs at most ${CLIENT_LIMITS.dueWorkPerAdvance} items of due work, and more fell due; ` +
        'the advance stopped: the clock is at 2026-11-02T12:00:00.000Z; ' +
        `${CLIENT_LIMITS.dueWorkPerAdvance} items of due work performed, the work due from ${firstLeft} on is still ` +
        'pending, and the next advance performs it (an advance to target_time 2026-11-02T12:00:00.000Z performs it ' +
        'without moving the clock)',
    );
    expect(await pendingItems()).toBe(3);
    const rest = await sandbox().ok('sandboxClockAdvance', { target_time: '2026-11-02T12:00:00.000Z' });
    expect(rest.clock.current_time).toBe('2026-11-02T12:00:00.000Z');
    expect(await pendingItems()).toBe(0);
  }, 60_000);
});

describe('the size of the next slice', () => {
  it.each([
    { performed: 25, tookMs: 2, size: DUE_WORK_SLICE },
    { performed: 25, tookMs: 50, size: 2 },
    { performed: 25, tookMs: 500, size: 1 },
    { performed: 2, tookMs: 5, size: 2 },
    { performed: 2, tookMs: 1, size: 10 },
    { performed: 0, tookMs: 5, size: DUE_WORK_SLICE },
    { performed: 3, tookMs: 0, size: DUE_WORK_SLICE },
  ])('sizes a slice after $performed items in $tookMs ms at $size', ({ performed, tookMs, size }) => {
    expect(nextSliceSize(performed, tookMs)).toBe(size);
  });
});
