/**
 * The sandbox's clients: who may call the API (the secret is stored hashed).
 */

import type { ColumnType } from 'kysely';

/** A sandbox client: the owner of every Item, token and resource. */
export interface ClientsTable {
  client_id: string;
  name: string;
  /** `hex(sha256(salt || secret))`; the secret itself is never stored. */
  secret_hash: string;
  secret_salt: string;
  /** Key of the HMAC-SHA256 signature of this client's webhooks. */
  webhook_secret: string;
  /** `full_service` or `platform`: the bank transfer configuration. */
  bank_transfer_config: string;
  /** 1 when the client is enabled for Instant Match and Automated Micro-deposits. */
  micro_deposit_auth: number;
  /** 1 when the client has an exchange integration: it may create Items with `/item/import`. */
  exchange_integration: number;
  created_at: string;
  /**
   * The client's test clock: its sandbox time is the machine's time plus this many milliseconds
   * (0 until it first advances; only ever grows). A number in SQLite, a string from PostgreSQL.
   */
  clock_offset_ms: ColumnType<number | string, number | undefined, number>;
  /**
   * 1 for a client made by `/sandbox/client/create`: it holds its own copy of the canonical world
   * (in its namespace), which a reset gives it back. 0 for the docs' clients and those of
   * `svc-sandbox clients add`.
   */
  throwaway: ColumnType<number, number | undefined, number>;
  /**
   * Grows by one with each reset or restore of the client's world. Every request reads it with its
   * first statement: a request authenticated from a remembered row of an older generation is
   * handled again with the stored row (`schedule/stale-clock.ts`).
   */
  generation: ColumnType<number, number | undefined, number>;
  /**
   * For a fork (a client made by `/sandbox/snapshot/restore` with `into_new_client`): the values
   * beyond the canonical ones it holds in its namespace (its source's own random ids and tokens,
   * as the API shows them), a JSON array of strings; the edge reads them into its namespace
   * (`client-namespace.ts`). Null for every other client.
   */
  namespaced_values: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A snapshot of a client's world (`/sandbox/snapshot/create`). */
export interface ClientSnapshotsTable {
  snapshot_id: string;
  client_id: string;
  /** The name the client gave it, if any. */
  name: string | null;
  /** The sandbox's time when it was taken. */
  created_at: string;
  /** The client's test clock when it was taken: a restore sets the clock back to it. */
  client_time: string;
  /** The size of `world`, in bytes (UTF-8). */
  bytes: number;
  /** The rows of the client's world, `{ [table]: row[] }`, as JSON. */
  world: string;
}
