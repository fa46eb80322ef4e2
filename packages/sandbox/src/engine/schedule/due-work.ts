/**
 * Work that falls due on a client's clock: a feature schedules it inside the transaction of the
 * change that calls for it ({@link scheduleDueWork}), and a performer of its kind does it when the
 * client's clock passes its `due_at` (`/sandbox/clock/advance`). The composition root hands every
 * feature's {@link DuePerformer} to {@link createDueWorkRunner}, as it does retention steps.
 *
 * {@link DueWorkRunner.perform} takes the client's pending items due by a time one at a time, in
 * `due_at` order, each in its own transaction: the item is found, claimed and marked `done` in one
 * statement of the transaction its performer writes in, so a retried advance, or a second advance running at the
 * same time, never performs an item twice. On PostgreSQL the claim is `FOR UPDATE SKIP LOCKED`:
 * several instances advancing one client at once each take different items, and exactly one
 * performs each. A performer runs at the item's time (`due_at`): what it writes carries that time.
 */
import type { CompiledQuery, Transaction } from 'kysely';
import { SandboxError } from '../errors/sandbox-error.js';
import { randomId } from '../ids.js';
import type { Database } from '../store/database.js';
import type { Store } from '../store/open-store.js';
import { type Placeholders, prepareQuery } from '../store/prepared-query.js';

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

/**
 * The statement scheduling `work`, to send together with the other statements of the change that
 * calls for it (`together.ts`, `finishing-statement.ts`); {@link scheduleDueWork} runs it.
 */
export function dueWorkStatement(trx: Transaction<Database>, work: NewDueWork): CompiledQuery {
  return trx
    .insertInto('due_work')
    .values({
      due_id: randomId(),
      client_id: work.clientId,
      due_at: work.dueAt.toISOString(),
      kind: work.kind,
      subject: work.subject,
      state: 'pending',
      created_at: work.now.toISOString(),
      performed_at: null,
    })
    .compile();
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

/** Performs due work; one per running sandbox. */
export interface DueWorkRunner {
  /** The kinds it performs, in registration order. */
  kinds: readonly string[];
  /**
   * Performs every pending item of `clientId` due at `until` or before, in `due_at` order, each
   * in its own transaction (items scheduled by a performer and due by `until` too); resolves with
   * the items this call performed that changed something, per kind (every kind present, 0 when none). Given `next`
   * (read by {@link nextDueStatement} after the last change that could schedule work), nothing
   * is read when no item is due by `until`.
   */
  perform(clientId: string, until: Date, next?: NextDue): Promise<Record<string, number>>;
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
  return {
    kinds,
    async perform(clientId, until, next) {
      const counts: Record<string, number> = Object.fromEntries(kinds.map((kind) => [kind, 0]));
      const at = until.toISOString();
      if (next && (next.next_due_at === null || next.next_due_at > at)) {
        return counts;
      }
      let total = 0;
      let claimedDueAt = at;
      for (;;) {
        const performed = await stoppingAtCaps(
          { until, performed: () => total, pendingFrom: () => claimedDueAt },
          store.transaction(async (trx) => {
            // The next item due, claimed (marked done) in the same statement.
            let first = trx
              .selectFrom('due_work')
              .select('due_id')
              .where('client_id', '=', clientId)
              .where('state', '=', 'pending')
              .where('due_at', '<=', at)
              .orderBy('due_at')
              .orderBy('due_id')
              .limit(1);
            if (store.engine === 'postgres') {
              first = first.forUpdate().skipLocked();
            }
            const row = await trx
              .updateTable('due_work')
              .set((eb) => ({ state: 'done', performed_at: eb.ref('due_at') }))
              .where('due_id', '=', first)
              .where('state', '=', 'pending')
              .returning(['due_id', 'due_at', 'kind', 'subject'])
              .executeTakeFirst();
            if (!row) {
              return undefined;
            }
            claimedDueAt = row.due_at;
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
            return { kind: row.kind, changed };
          }),
        );
        if (performed === undefined) {
          return counts;
        }
        total += 1;
        if (performed.changed) {
          counts[performed.kind] = (counts[performed.kind] ?? 0) + 1;
        }
      }
    },
  };
}

/** Where an advance's due work stopped: for the refusal that says so. */
interface StopPoint {
  /** The time the clock was moved to. */
  until: Date;
  /** How many items this call performed before it stopped. */
  performed(): number;
  /** The `due_at` of the first item left pending. */
  pendingFrom(): string;
}

/**
 * `work` (one item's transaction), with a per-client cap's refusal (`SANDBOX_CLIENT_LIMIT_REACHED`,
 * the item's webhook would pass the client's pending webhooks, say) turned into the refusal of the
 * advance saying how far it got: the clock has moved, what was performed stands, and the rest is
 * still pending for the next advance. Nothing is dropped.
 */
async function stoppingAtCaps<T>(stop: StopPoint, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof SandboxError && error.init.code === 'SANDBOX_CLIENT_LIMIT_REACHED') {
      throw dueWorkStopped(error, stop);
    }
    throw error;
  }
}

/** The refusal of an advance whose due work `reason` stopped at `stop`. */
export function dueWorkStopped(reason: SandboxError, stop: StopPoint): SandboxError {
  const until = stop.until.toISOString();
  const performed = stop.performed();
  return new SandboxError({
    ...reason.init,
    message:
      `${reason.message}; the advance stopped: the clock is at ${until}; ` +
      `${performed} ${performed === 1 ? 'item' : 'items'} of due work performed, the work due from ` +
      `${stop.pendingFrom()} on is still pending, and the next advance performs it ` +
      `(an advance to target_time ${until} performs it without moving the clock)`,
    suggestedAction:
      `${reason.init.suggestedAction ?? ''} Then advance to target_time ${until} to perform the rest.`.trim(),
  });
}
