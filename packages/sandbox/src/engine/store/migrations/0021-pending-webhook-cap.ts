/**
 * Migration 0021 (pending webhook cap): a client holds at most
 * {@link CLIENT_LIMITS}.pendingWebhooks webhooks waiting in the outbox (neither delivered nor
 * given up) at once. A trigger checks it before each insert into `webhook_outbox`, whatever
 * inserts (a request, due work of an advance), so no path can forget it and it costs no statement
 * of its own; over the cap it fails the insert with {@link PENDING_WEBHOOK_CAP_MESSAGE}, which the
 * store turns into `SANDBOX_CLIENT_LIMIT_REACHED` (`client-share-errors.ts`) and which rolls back
 * the change that caused the webhook. The cap is written into the trigger: a new value of it takes
 * a new migration.
 *
 * The count reads a partial index of the pending rows (client, then nothing else), bounded by
 * `limit`, so it never reads more than the cap's number of index entries. On PostgreSQL the
 * trigger first takes the client's advisory lock of its webhooks (`client-lock.ts`, scope
 * `webhooks`): two transactions of one client never both count the last place free. SQLite has
 * one writer at a time.
 */
import { type Migration, sql } from 'kysely';
import { CLIENT_LIMITS } from '../../errors/client-limits.js';
import type { AnyDb, Engine } from './helpers.js';

/** The message (SQLite) or the start of it (PostgreSQL) of an insert refused by the cap. */
export const PENDING_WEBHOOK_CAP_MESSAGE = 'svc: the client is at its cap of pending webhooks';

/** The number of the client's pending webhooks, at most the cap (`new` is the row inserted). */
const pendingCount = sql`(select count(*) from (select 1 from webhook_outbox
  where client_id = new.client_id and delivered_at is null and failed_at is null
  limit ${sql.lit(CLIENT_LIMITS.pendingWebhooks)}) as pending)`;

/** Adds the index of pending webhooks by client and the trigger of the cap. */
export function pendingWebhookCap(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createIndex('webhook_outbox_pending_by_client')
        .on('webhook_outbox')
        .column('client_id')
        .where(sql.ref('delivered_at'), 'is', null)
        .where(sql.ref('failed_at'), 'is', null)
        .execute();
      if (engine === 'sqlite') {
        await sql`create trigger webhook_outbox_pending_cap before insert on webhook_outbox
          when ${pendingCount} >= ${sql.lit(CLIENT_LIMITS.pendingWebhooks)}
          begin
            select raise(abort, ${sql.lit(PENDING_WEBHOOK_CAP_MESSAGE)});
          end`.execute(db);
        return;
      }
      await sql`create or replace function webhook_outbox_pending_cap() returns trigger
        language plpgsql volatile as $$
        begin
          perform pg_advisory_xact_lock(hashtextextended('client-share/webhooks/' || new.client_id, 0));
          if ${pendingCount} >= ${sql.lit(CLIENT_LIMITS.pendingWebhooks)} then
            raise exception '%', ${sql.lit(PENDING_WEBHOOK_CAP_MESSAGE)} using errcode = 'P0001';
          end if;
          return new;
        end
        $$`.execute(db);
      await sql`create trigger webhook_outbox_pending_cap before insert on webhook_outbox
        for each row execute function webhook_outbox_pending_cap()`.execute(db);
    },
  };
}
