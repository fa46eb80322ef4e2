/**
 * A fork: one of a client's snapshots restored into a new client (`/sandbox/snapshot/restore`
 * with `into_new_client`). The fork answers exactly as its source did at the snapshot, ids
 * included, and the two never share a row. Stored values are unique store-wide, so the fork holds
 * the snapshot's values in its own namespace (`client-namespace.ts`): the source's namespaced
 * values `<v>~<source>` become `<v>~<fork>`, and the source's own random ids and tokens (every
 * value of a column unique store-wide, `store/client-row-keys.ts`, wherever it occurs in the
 * snapshot, JSON bodies included) become `<v>~<fork>` too; the latter are kept with the fork
 * (`clients.namespaced_values`, with those its source itself inherited) so requests read them
 * into its namespace. Integer ids the store numbers itself get new values, references to them
 * following. A webhook pending in the snapshot that the source finished since is not sent again;
 * the fork's clock reads the snapshot's time. One transaction.
 */
import type { Transaction } from 'kysely';
import { GENERATED_NUMBER_COLUMNS, STORE_WIDE_KEY_COLUMNS } from '../store/client-row-keys.js';
import { CLIENT_SNAPSHOT_TABLES } from '../store/client-rows.js';
import type { Database } from '../store/database.js';
import type { Store } from '../store/open-store.js';
import { NAMESPACE_SEPARATOR, namespacedValue } from './client-namespace.js';
import {
  finishedWebhooksOf,
  insertWorldRows,
  type SnapshotSummary,
  snapshotRowOf,
  summaryOfSnapshot,
} from './client-snapshots.js';
import { insertClient, type NewClient } from './clients.js';

type Trx = Transaction<Database>;
type Row = Record<string, unknown>;

/** A run of the characters ids and tokens are made of. */
const ID_TOKEN = /[A-Za-z0-9_-]+/g;

/** A snapshot's world as a fork holds it, and the source's own values it took into its namespace. */
export interface ForkedWorld {
  world: Record<string, Row[]>;
  /** The source's own random ids and tokens (as the API shows them), now `<value>~<fork>`. */
  ownValues: string[];
}

/**
 * `worldText` (a snapshot of `sourceId`'s world, as stored) as the fork `forkId` holds it: the
 * source's id replaced by the fork's wherever it occurs (its `client_id` columns, its namespace
 * suffixes, its counters' names), and each of the source's own values of a column unique
 * store-wide put in the fork's namespace wherever it occurs.
 */
export function forkWorld(worldText: string, sourceId: string, forkId: string): ForkedWorld {
  const parsed = JSON.parse(worldText) as Record<string, Row[]>;
  const own = new Set<string>();
  for (const [table, columns] of Object.entries(STORE_WIDE_KEY_COLUMNS)) {
    for (const row of parsed[table] ?? []) {
      for (const column of columns) {
        const value = row[column];
        // A value with a namespace is the source's canonical (or inherited) one: renamed with the id.
        if (typeof value === 'string' && !value.includes(NAMESPACE_SEPARATOR)) {
          own.add(value);
        }
      }
    }
  }
  const renamed = worldText
    .replaceAll(sourceId, forkId)
    .replace(ID_TOKEN, (token) => (own.has(token) ? namespacedValue(token, forkId) : token));
  return { world: JSON.parse(renamed) as Record<string, Row[]>, ownValues: [...own].sort() };
}

/**
 * Restores snapshot `snapshotId` of `sourceId` into a new throwaway client at the sandbox's time
 * `baseNow`, in one transaction: the snapshot and the new client's credentials, or undefined when
 * the source has no such snapshot. The source's rows are not touched.
 */
export async function forkSnapshot(
  store: Store,
  sourceId: string,
  snapshotId: string,
  baseNow: Date,
): Promise<{ snapshot: SnapshotSummary; client: NewClient } | undefined> {
  return store.transaction(async (trx) => {
    const snapshot = await snapshotRowOf(trx, sourceId, snapshotId);
    const source = await trx
      .selectFrom('clients')
      .select(['name', 'bank_transfer_config', 'namespaced_values', 'transfers_move'])
      .where('client_id', '=', sourceId)
      .executeTakeFirst();
    if (!snapshot || !source) {
      return undefined;
    }
    const configuration = source.bank_transfer_config as 'full_service' | 'platform';
    const client = await insertClient(trx, `fork of ${source.name}`, baseNow, configuration, true);
    const { world, ownValues } = forkWorld(snapshot.world, sourceId, client.clientId);
    const inherited = source.namespaced_values === null ? [] : (JSON.parse(source.namespaced_values) as string[]);
    await trx
      .updateTable('clients')
      .set({
        namespaced_values: JSON.stringify([...new Set([...inherited, ...ownValues])].sort()),
        clock_offset_ms: new Date(snapshot.client_time).getTime() - baseNow.getTime(),
        // Configuration goes with the fork, as the bank transfer configuration does.
        transfers_move: source.transfers_move,
      })
      .where('client_id', '=', client.clientId)
      .execute();
    await keepFinishedWebhooks(trx, sourceId, world);
    await insertWorld(trx, world);
    return { snapshot: summaryOfSnapshot(snapshot), client };
  });
}

/** Marks finished, in `world`, each webhook the source finished (delivered or gave up) since the snapshot. */
async function keepFinishedWebhooks(trx: Trx, sourceId: string, world: Record<string, Row[]>): Promise<void> {
  const finished = await finishedWebhooksOf(trx, sourceId);
  const byId = new Map(finished.map((webhook) => [Number(webhook.id), webhook]));
  for (const row of world.webhook_outbox ?? []) {
    const done = byId.get(Number(row.id));
    if (done && row.delivered_at === null && row.failed_at === null) {
      row.delivered_at = done.delivered_at;
      row.failed_at = done.failed_at;
    }
  }
}

/**
 * Inserts `world`'s rows, parents first; the integer ids the store numbers itself are left to it
 * (in their old order), and the rows referring to one get its new value.
 */
async function insertWorld(trx: Trx, world: Record<string, Row[]>): Promise<void> {
  const renumbered = new Map<string, Map<number, number>>();
  for (const table of [...CLIENT_SNAPSHOT_TABLES].reverse()) {
    let rows = world[table] ?? [];
    for (const [parent, generated] of Object.entries(GENERATED_NUMBER_COLUMNS)) {
      for (const reference of generated.referencedBy) {
        const numbers = renumbered.get(parent);
        if (reference.table === table && numbers) {
          rows = rows.map((row) => ({ ...row, [reference.column]: numbers.get(Number(row[reference.column])) }));
        }
      }
    }
    const generated = GENERATED_NUMBER_COLUMNS[table];
    if (generated) {
      rows = [...rows].sort((a, b) => Number(a[generated.column]) - Number(b[generated.column]));
    }
    if (generated && generated.referencedBy.length > 0) {
      // Referenced: one at a time, to learn each new number.
      const numbers = new Map<number, number>();
      for (const row of rows) {
        const { [generated.column]: old, ...rest } = row;
        const inserted = (await trx
          .insertInto(table as keyof Database)
          .values(rest as never)
          .returning(generated.column as never)
          .executeTakeFirstOrThrow()) as Row;
        numbers.set(Number(old), Number(inserted[generated.column]));
      }
      renumbered.set(table, numbers);
      continue;
    }
    await insertWorldRows(trx, table, generated ? rows.map(({ [generated.column]: _, ...rest }) => rest) : rows);
  }
}
