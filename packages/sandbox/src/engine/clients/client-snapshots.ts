/**
 * Snapshots of a client's world (`/sandbox/snapshot/create|list|remove|restore`): the rows of
 * every table of its world (`store/client-rows.ts` `CLIENT_SNAPSHOT_TABLES`: the world's tables
 * but those only triggers write, which a restore re-creates) as JSON in one row of
 * `client_snapshots`, with the client's time. A restore puts those rows back in one transaction
 * (the rows of the world now deleted first), its clock back at the snapshot's time (scheduled work
 * resumes from there) and its generation one higher; a webhook delivered (or given up) since the
 * snapshot stays so, never sent again. Taking and restoring take the client's world lock alone on
 * PostgreSQL (`store/client-lock.ts`): each sees, and leaves, the world all before or all after the
 * client's requests in flight. At most {@link CLIENT_LIMITS}.snapshots per client, each at most
 * {@link CLIENT_LIMITS}.snapshotBytes.
 */
import { sql, type Transaction } from 'kysely';
import { CLIENT_LIMITS, clientLimitReached } from '../errors/client-limits.js';
import { SandboxError } from '../errors/sandbox-error.js';
import { randomId } from '../ids.js';
import { CLIENT_WORLD_SCOPE, clientLockStatement } from '../store/client-lock.js';
import { CLIENT_SNAPSHOT_TABLES, clientRowsCondition } from '../store/client-rows.js';
import type { Database } from '../store/database.js';
import type { Store } from '../store/open-store.js';
import { deleteClientWorldRows } from './client-rows-delete.js';

/** A snapshot as its client sees it. */
export interface SnapshotSummary {
  snapshotId: string;
  name: string | null;
  /** The sandbox's time when it was taken. */
  createdAt: string;
  /** The client's test clock when it was taken. */
  clientTime: string;
  bytes: number;
}

/** Rows per insert statement of a restore or a fork (well under either engine's limit of bound values). */
const ROWS_PER_INSERT = 100;

type Trx = Transaction<Database>;
type Row = Record<string, unknown>;

/** Inserts `rows` into `table` of a client's world, {@link ROWS_PER_INSERT} per statement. */
export async function insertWorldRows(trx: Trx, table: string, rows: readonly Row[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto(table as keyof Database)
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .execute();
  }
}

/** Takes the client's world lock alone (PostgreSQL; SQLite has one writer). */
async function lockWorld(trx: Trx, clientId: string): Promise<void> {
  const lock = clientLockStatement(trx, CLIENT_WORLD_SCOPE, clientId);
  if (lock) {
    await trx.executeQuery(lock);
  }
}

/**
 * Takes a snapshot of `clientId`'s world named `name` at the sandbox's time `baseNow`, the
 * client's time being `clientNow`. Refused (`SANDBOX_CLIENT_LIMIT_REACHED`) when the client holds
 * as many snapshots as it may, or its world weighs more than one snapshot holds.
 */
export async function takeSnapshot(
  store: Store,
  clientId: string,
  name: string | null,
  baseNow: Date,
  clientNow: Date,
): Promise<SnapshotSummary> {
  return store.transaction(async (trx) => {
    await lockWorld(trx, clientId);
    const held = await trx
      .selectFrom('client_snapshots')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    if (Number(held.count) >= CLIENT_LIMITS.snapshots) {
      throw clientLimitReached(
        'snapshots',
        CLIENT_LIMITS.snapshots,
        'Remove snapshots you no longer need with /sandbox/snapshot/remove, then take it again.',
      );
    }
    const world: Record<string, Row[]> = {};
    for (const table of CLIENT_SNAPSHOT_TABLES) {
      const { rows } =
        await sql<Row>`select * from ${sql.table(table)} where ${clientRowsCondition(table, clientId)}`.execute(trx);
      world[table] = rows;
    }
    const text = JSON.stringify(world);
    const bytes = Buffer.byteLength(text);
    if (bytes > CLIENT_LIMITS.snapshotBytes) {
      throw new SandboxError({
        type: 'SANDBOX_ERROR',
        code: 'SANDBOX_CLIENT_LIMIT_REACHED',
        message: `your client's world is ${bytes} bytes as a snapshot, more than the ${CLIENT_LIMITS.snapshotBytes} one snapshot may hold`,
        suggestedAction:
          'Remove Items and fault rules you no longer need (/item/remove), or reset the client, then take it again.',
      });
    }
    const summary: SnapshotSummary = {
      snapshotId: `snapshot-${randomId(24)}`,
      name,
      createdAt: baseNow.toISOString(),
      clientTime: clientNow.toISOString(),
      bytes,
    };
    await trx
      .insertInto('client_snapshots')
      .values({
        snapshot_id: summary.snapshotId,
        client_id: clientId,
        name,
        created_at: summary.createdAt,
        client_time: summary.clientTime,
        bytes,
        world: text,
      })
      .execute();
    return summary;
  });
}

/** The snapshots of `clientId`, oldest first. */
export async function listSnapshots(store: Store, clientId: string): Promise<SnapshotSummary[]> {
  const rows = await store.db
    .selectFrom('client_snapshots')
    .select(['snapshot_id', 'name', 'created_at', 'client_time', 'bytes'])
    .where('client_id', '=', clientId)
    .orderBy('created_at')
    .orderBy('snapshot_id')
    .execute();
  return rows.map(summaryOfSnapshot);
}

/** Removes snapshot `snapshotId` of `clientId`; whether it existed. */
export async function removeSnapshot(store: Store, clientId: string, snapshotId: string): Promise<boolean> {
  const removed = await store.db
    .deleteFrom('client_snapshots')
    .where('client_id', '=', clientId)
    .where('snapshot_id', '=', snapshotId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/**
 * Restores snapshot `snapshotId` of `clientId` at the sandbox's time `baseNow`, in one
 * transaction; the snapshot, or undefined when the client has no such snapshot.
 */
export async function restoreSnapshot(
  store: Store,
  clientId: string,
  snapshotId: string,
  baseNow: Date,
): Promise<SnapshotSummary | undefined> {
  return store.transaction(async (trx) => {
    await lockWorld(trx, clientId);
    const snapshot = await snapshotRowOf(trx, clientId, snapshotId);
    if (!snapshot) {
      return undefined;
    }
    // Webhooks finished since the snapshot stay finished: none is sent twice.
    const finished = await finishedWebhooksOf(trx, clientId);
    await deleteClientWorldRows(trx, clientId);
    const world = JSON.parse(snapshot.world) as Record<string, Row[]>;
    // Parents first: the reverse of the delete order.
    for (const table of [...CLIENT_SNAPSHOT_TABLES].reverse()) {
      await insertWorldRows(trx, table, world[table] ?? []);
    }
    for (const webhook of finished) {
      await trx
        .updateTable('webhook_outbox')
        .set({ delivered_at: webhook.delivered_at, failed_at: webhook.failed_at })
        .where('id', '=', webhook.id)
        .where('delivered_at', 'is', null)
        .where('failed_at', 'is', null)
        .execute();
    }
    await trx
      .updateTable('clients')
      .set({
        clock_offset_ms: new Date(snapshot.client_time).getTime() - baseNow.getTime(),
        generation: sql<number>`generation + 1`,
      })
      .where('client_id', '=', clientId)
      .execute();
    return summaryOfSnapshot(snapshot);
  });
}

/** The stored row of snapshot `snapshotId` of `clientId`, if it has one. */
export function snapshotRowOf(trx: Trx, clientId: string, snapshotId: string) {
  return trx
    .selectFrom('client_snapshots')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('snapshot_id', '=', snapshotId)
    .executeTakeFirst();
}

/** The webhooks of `clientId` delivered or given up: what a restore or fork of an older snapshot must not send again. */
export function finishedWebhooksOf(trx: Trx, clientId: string) {
  return trx
    .selectFrom('webhook_outbox')
    .select(['id', 'delivered_at', 'failed_at'])
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb('delivered_at', 'is not', null), eb('failed_at', 'is not', null)]))
    .execute();
}

/** A stored snapshot's row as its client sees it. */
export function summaryOfSnapshot(row: {
  snapshot_id: string;
  name: string | null;
  created_at: string;
  client_time: string;
  bytes: number;
}): SnapshotSummary {
  return {
    snapshotId: row.snapshot_id,
    name: row.name,
    createdAt: row.created_at,
    clientTime: row.client_time,
    bytes: Number(row.bytes),
  };
}
