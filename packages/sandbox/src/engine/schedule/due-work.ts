/**
 * Work that falls due on a client's clock: a feature schedules it inside the transaction of the
 * change that calls for it ({@link scheduleDueWork}), and a performer of its kind does it when the
 * client's clock passes its `due_at` (`/sandbox/clock/advance`). The composition root hands every
 * feature's {@link DuePerformer} to {@link createDueWorkRunner}, as it does retention steps.
 *
 * {@link DueWorkRunner.perform} takes the client's pending items due by a time one at a time, in
 * `due_at` order, in slices: at most {@link DUE_WORK_SLICE} items per transaction and about
 * {@link DUE_WORK_SLICE_MS} ms of work (on SQLite, its commit included: {@link nextSliceSize}),
 * and a turn of the event loop between slices, so a long advance never holds the store for long
 * and other clients' requests get through between its slices. Each item is found, claimed and marked `done` in one
 * statement of the transaction its performer writes in, so a retried advance, or a second advance
 * running at the same time, never performs an item twice. On PostgreSQL the claim is
 * `FOR UPDATE SKIP LOCKED`: several instances advancing one client at once each take different
 * items, and exactly one performs each. A performer runs at the item's time (`due_at`): what it
 * writes carries that time.
 *
 * One call performs at most {@link CLIENT_LIMITS}.dueWorkPerAdvance items; with more due, and when
 * an item would take the client past another cap (its pending webhooks), it stops there with the
 * refusal of `due-work-stop.ts`, which says how far it got: what was performed stands, the rest
 * stays pending for the next advance. Nothing is dropped.
 */
import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import { CLIENT_LIMITS } from '../errors/client-limits.js';
import { SandboxError } from '../errors/sandbox-error.js';
import { randomId } from '../ids.js';
import type { Database } from '../store/database.js';
import type { Store } from '../store/open-store.js';
import { type Placeholders, prepareQuery } from '../store/prepared-query.js';
import { dueWorkCapReached, dueWorkStopped, type StopPoint } from './due-work-stop.js';

/** A pending item as its performer receives it. */
export interface DueWork {
  dueId: string;
  clientId: string;
  /** When it fell due on the client's clock: the time its performer acts at. */
  dueAt: Date;
  kind: string;
  subject: string;
}

/** Does the work of one kind. */
export interface DuePerformer {
  /** The kind it performs, e.g. `payment_refund_execute`; names its count in an advance's answer. */
  kind: string;
  /**
   * Performs `work` inside `trx` (the transaction that marks it done); may schedule more work.
   * Resolves with whether it changed anything: work whose subject is gone or already moved on
   * (a refund a simulation executed first) changes nothing, is done all the same, and is not
   * counted in an advance's answer.
   */
  perform(trx: Transaction<Database>, work: DueWork): Promise<boolean>;
}

/** What a feature schedules. */
export interface NewDueWork {
  clientId: string;
  dueAt: Date;
  kind: string;
  subject: string;
  /** When it is scheduled (the client's time). */
  now: Date;
}

/** The values of a new item's row. */
interface DueWorkValues {
  dueId: string;
  clientId: string;
  dueAt: string;
  kind: string;
  subject: string;
  createdAt: string;
}

/** The values of `work`'s row, with a new id. */
function dueWorkValues(work: NewDueWork): DueWorkValues {
  return {
    dueId: randomId(),
    clientId: work.clientId,
    dueAt: work.dueAt.toISOString(),
    kind: work.kind,
    subject: work.subject,
    createdAt: work.now.toISOString(),
  };
}

const insertDueWorkQuery = prepareQuery((db, p: Placeholders<DueWorkValues>) =>
  db.insertInto('due_work').values({
    due_id: p.dueId,
    client_id: p.clientId,
    due_at: p.dueAt,
    kind: p.kind,
    subject: p.subject,
    state: 'pending',
    created_at: p.createdAt,
    performed_at: null,
  }),
);

/**
 * The statement scheduling `work`, to send together with the other statements of the change that
 * calls for it (`together.ts`, `finishing-statement.ts`); {@link scheduleDueWork} runs it.
 */
export function dueWorkStatement(trx: Transaction<Database>, work: NewDueWork): CompiledQuery {
  return insertDueWorkQuery.compile(trx, dueWorkValues(work));
}

/** A client's setting that decides whether work is scheduled: its column `column` holds `equals`. */
export interface ClientSetting {
  column: 'transfers_move';
  equals: string;
}

/** The insert of {@link dueWorkIfClientStatement} for each setting's column, prepared on first use. */
const insertDueWorkIfClientQueries = new Map<ClientSetting['column'], ReturnType<typeof prepareDueWorkIfClientQuery>>();

function prepareDueWorkIfClientQuery(column: ClientSetting['column']) {
  return prepareQuery((db, p: Placeholders<DueWorkValues & { equals: string }>) =>
    db
      .insertInto('due_work')
      .columns(['due_id', 'client_id', 'due_at', 'kind', 'subject', 'state', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('clients')
          .select([
            eb.val(p.dueId).as('due_id'),
            eb.val(p.clientId).as('client_id'),
            eb.val(p.dueAt).as('due_at'),
            eb.val(p.kind).as('kind'),
            eb.val(p.subject).as('subject'),
            eb.val('pending').as('state'),
            eb.val(p.createdAt).as('created_at'),
          ])
          .where('clients.client_id', '=', p.clientId)
          .where(column, '=', p.equals),
      ),
  );
}

/**
 * The statement scheduling `work` only if the client's row has the setting `when`, read by the
 * statement itself (an insert of a select on the client's row, which inserts nothing when the
 * setting differs): a change that schedules work by a setting sends it with its other statements
 * (`together.ts`, `finishing-statement.ts`) and costs no read more, and sees the setting as
 * committed. Built and compiled once per column (`prepared-query.ts`): every transfer create sends it.
 */
export function dueWorkIfClientStatement(
  trx: Transaction<Database>,
  work: NewDueWork,
  when: ClientSetting,
): CompiledQuery {
  let query = insertDueWorkIfClientQueries.get(when.column);
  if (!query) {
    query = prepareDueWorkIfClientQuery(when.column);
    insertDueWorkIfClientQueries.set(when.column, query);
  }
  return query.compile(trx, { ...dueWorkValues(work), equals: when.equals });
}

/** Schedules `work` inside `trx` (the transaction of the change that calls for it). */
export async function scheduleDueWork(trx: Transaction<Database>, work: NewDueWork): Promise<void> {
  await trx.executeQuery(dueWorkStatement(trx, work));
}

/** When the client's next pending item falls due: `next_due_at`, null when none is pending. */
export interface NextDue {
  next_due_at: string | null;
}

const nextDueQuery = prepareQuery((db, p: Placeholders<{ clientId: string }>) =>
  db
    .selectFrom('due_work')
    .select((eb) => eb.fn.min('due_at').as('next_due_at'))
    .where('client_id', '=', p.clientId)
    .where('state', '=', 'pending'),
);

/**
 * The statement reading when the client's next pending item falls due ({@link NextDue}), to send
 * in a flight of its own transaction (`together.ts`): {@link DueWorkRunner.perform} given its
 * answer starts no transaction when nothing is due.
 */
export function nextDueStatement(db: Transaction<Database>, clientId: string): CompiledQuery<NextDue> {
  return nextDueQuery.compile(db, { clientId }) as CompiledQuery<NextDue>;
}

/** Items of due work performed in one transaction at most (a slice of an advance). */
export const DUE_WORK_SLICE = 25;

/**
 * Milliseconds of work after which a slice ends even with fewer items (checked after each item):
 * another client's request, which takes a few turns of the event loop, waits at most about this
 * long at each turn while an advance runs.
 */
export const DUE_WORK_SLICE_MS = 5;

/**
 * The items of the next slice, at the pace of the slice before (`performed` items in `tookMs`,
 * its commit included): as many as fit in about {@link DUE_WORK_SLICE_MS}, at least 1 and at most
 * {@link DUE_WORK_SLICE}. Where the store works in the process (SQLite), a slice's commit writes
 * every page its items changed, often many times their statements' own time, and no other request
 * of the process runs meanwhile: the bound within a slice cannot see that cost, this one does.
 */
export function nextSliceSize(performed: number, tookMs: number): number {
  if (performed <= 0 || !(tookMs > 0)) {
    return DUE_WORK_SLICE;
  }
  return Math.max(1, Math.min(DUE_WORK_SLICE, Math.floor((performed * DUE_WORK_SLICE_MS) / tookMs)));
}

/** Performs due work; one per running sandbox. */
export interface DueWorkRunner {
  /** The kinds it performs, in registration order. */
  kinds: readonly string[];
  /**
   * Performs every pending item of `clientId` due at `until` or before, in `due_at` order, in
   * slices of at most {@link DUE_WORK_SLICE} (and about {@link DUE_WORK_SLICE_MS} ms) per transaction (items scheduled by a performer and
   * due by `until` too); resolves with the items this call performed that changed something, per
   * kind (every kind present, 0 when none). Given `next` (read by {@link nextDueStatement} after
   * the last change that could schedule work), nothing is read when no item is due by `until`.
   * Rejects with `SANDBOX_CLIENT_LIMIT_REACHED` saying how far it got when it stops at a cap (see
   * the module comment).
   */
  perform(clientId: string, until: Date, next?: NextDue): Promise<Record<string, number>>;
}

/** What one slice did. */
interface Slice {
  /** The items performed, in order: their kind and whether they changed anything. */
  performed: { kind: string; changed: boolean }[];
  /** No item due by the time is left. */
  exhausted: boolean;
}

/** A {@link DueWorkRunner} over `store` with `performers` (one per kind). */
export function createDueWorkRunner(store: Store, performers: readonly DuePerformer[]): DueWorkRunner {
  const byKind = new Map<string, DuePerformer>();
  for (const performer of performers) {
    if (byKind.has(performer.kind)) {
      throw new Error(`two due-work performers for kind ${performer.kind}`);
    }
    byKind.set(performer.kind, performer);
  }
  const kinds = [...byKind.keys()];

  /** The client's next pending item due by `at`, first in `due_at` order (its id and time). */
  function nextDueItem(db: Kysely<Database> | Transaction<Database>, clientId: string, at: string) {
    return db
      .selectFrom('due_work')
      .select(['due_id', 'due_at'])
      .where('client_id', '=', clientId)
      .where('state', '=', 'pending')
      .where('due_at', '<=', at)
      .orderBy('due_at')
      .orderBy('due_id')
      .limit(1);
  }

  /** Claims (marks done) the client's next item due by `at`, in `trx`. */
  function claimNext(trx: Transaction<Database>, clientId: string, at: string) {
    let first = nextDueItem(trx, clientId, at).clearSelect().select('due_id');
    if (store.engine === 'postgres') {
      first = first.forUpdate().skipLocked();
    }
    return trx
      .updateTable('due_work')
      .set((eb) => ({ state: 'done', performed_at: eb.ref('due_at') }))
      .where('due_id', '=', first)
      .where('state', '=', 'pending')
      .returning(['due_id', 'due_at', 'kind', 'subject'])
      .executeTakeFirst();
  }

  /**
   * Performs up to `limit` items in `trx`, one after another; `claimed` hears the `due_at` and
   * place in the slice of each item as it is claimed (where a refusal stopped the slice).
   */
  async function performSlice(
    trx: Transaction<Database>,
    clientId: string,
    at: string,
    limit: number,
    claimed: (dueAt: string, place: number) => void,
  ): Promise<Slice> {
    const performed: Slice['performed'] = [];
    const started = performance.now();
    while (performed.length < limit && (performed.length === 0 || performance.now() - started < DUE_WORK_SLICE_MS)) {
      const row = await claimNext(trx, clientId, at);
      if (!row) {
        return { performed, exhausted: true };
      }
      claimed(row.due_at, performed.length);
      const performer = byKind.get(row.kind);
      if (!performer) {
        throw new Error(`due work ${row.due_id} has kind ${row.kind}, which no performer does`);
      }
      const changed = await performer.perform(trx, {
        dueId: row.due_id,
        clientId,
        dueAt: new Date(row.due_at),
        kind: row.kind,
        subject: row.subject,
      });
      performed.push({ kind: row.kind, changed });
    }
    return { performed, exhausted: false };
  }

  /** The `due_at` of the client's next item due by `at`, if any. */
  async function nextPending(clientId: string, at: string): Promise<string | undefined> {
    return (await nextDueItem(store.db, clientId, at).executeTakeFirst())?.due_at;
  }

  return {
    kinds,
    async perform(clientId, until, next) {
      const counts: Record<string, number> = Object.fromEntries(kinds.map((kind) => [kind, 0]));
      const at = until.toISOString();
      if (next && (next.next_due_at === null || next.next_due_at > at)) {
        return counts;
      }
      const stop: StopPoint = { until, performed: 0, pendingFrom: at };
      let place = 0;
      let sliceSize = DUE_WORK_SLICE;
      for (;;) {
        const room = CLIENT_LIMITS.dueWorkPerAdvance - stop.performed;
        if (room === 0) {
          const pendingFrom = await nextPending(clientId, at);
          if (pendingFrom === undefined) {
            return counts;
          }
          throw dueWorkStopped(dueWorkCapReached(), { ...stop, pendingFrom });
        }
        let slice: Slice;
        const sliceStarted = performance.now();
        try {
          slice = await store.transaction((trx) =>
            performSlice(trx, clientId, at, Math.min(sliceSize, room), (dueAt, inSlice) => {
              stop.pendingFrom = dueAt;
              place = inSlice;
            }),
          );
        } catch (error) {
          if (!(error instanceof SandboxError && error.init.code === 'SANDBOX_CLIENT_LIMIT_REACHED')) {
            throw error;
          }
          if (place === 0) {
            // The slice's first item would pass a cap: stop before it.
            throw dueWorkStopped(error, stop);
          }
          // Perform the items before it again, alone (the whole slice rolled back); the next slice starts with it.
          sliceSize = place;
          continue;
        }
        // Where the store's work holds the process (SQLite), the next slice fits the time its
        // work and commit took; on PostgreSQL a slice waits on round trips, holding nothing.
        sliceSize =
          store.engine === 'sqlite'
            ? nextSliceSize(slice.performed.length, performance.now() - sliceStarted)
            : DUE_WORK_SLICE;
        stop.performed += slice.performed.length;
        for (const { kind, changed } of slice.performed) {
          if (changed) {
            counts[kind] = (counts[kind] ?? 0) + 1;
          }
        }
        if (slice.exhausted) {
          return counts;
        }
        // Other requests (other clients') get through between slices.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
