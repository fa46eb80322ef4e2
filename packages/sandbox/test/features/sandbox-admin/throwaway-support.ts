/**
 * Calls of the admin operations in tests: the admin key in `SVC-Sandbox-Admin-Key`, and a new
 * throwaway client's credentials.
 */
import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { HEADER_NAMES } from '@svc/spec/headers';
import { sql } from 'kysely';
import { CLIENT_OWNED_TABLES, clientRowsCondition } from '../../../src/engine/store/client-rows.js';
import { OWNED_TABLES } from '../../../src/engine/store/owned-tables.js';
import type { OperationId } from '../../../src/generated/handlers.gen.js';
import type { TestSandbox } from '../../support/harness.js';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as {
  paths: Record<
    string,
    {
      post: {
        operationId: string;
        requestBody: {
          content: { 'application/json': { examples?: Record<string, { value: Record<string, unknown> }> } };
        };
      };
    }
  >;
};

/** Every request example of a reading operation (`/get`, `/list`, `/search`): they change nothing. */
export const READ_EXAMPLES = Object.entries(document.paths)
  .filter(([path]) => /\/(get|list|search)$/.test(path))
  .flatMap(([, { post }]) =>
    Object.entries(post.requestBody.content['application/json'].examples ?? {}).map(([name, example]) => ({
      operation: post.operationId as OperationId,
      name,
      body: example.value,
    })),
  );

/** A body without what is each answer's or each client's own: `request_id`, and a list's opaque `next_cursor` (ordered by a store-wide sequence). */
export function withoutRequestId(body: unknown): unknown {
  const { request_id: _, next_cursor: cursor, ...rest } = body as Record<string, unknown>;
  return { ...rest, next_cursor: typeof cursor === 'string' ? 'a cursor' : cursor };
}

/** The admin key the tests start their sandboxes with. */
export const TEST_ADMIN_KEY = 'sbxadm_test_0123456789abcdef';

/** Sends `body` to an admin operation's `path` with `headers` (the admin key by default). */
export async function adminCall(
  sandbox: TestSandbox,
  path: '/sandbox/client/create' | '/sandbox/client/delete' | '/sandbox/snapshot/restore',
  body: Record<string, unknown>,
  headers: Record<string, string> = { [HEADER_NAMES.sandboxAdminKey]: TEST_ADMIN_KEY },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The credentials of a new throwaway client. */
export interface ThrowawayCredentials {
  clientId: string;
  secret: string;
  webhookSecret: string;
}

/** Creates a throwaway client (failing the test unless it succeeds). */
export async function createThrowaway(sandbox: TestSandbox, name = 'test run'): Promise<ThrowawayCredentials> {
  const reply = await adminCall(sandbox, '/sandbox/client/create', { name });
  if (reply.status !== 200) {
    throw new Error(`create failed: ${JSON.stringify(reply.body)}`);
  }
  return {
    clientId: String(reply.body.client_id),
    secret: String(reply.body.secret),
    webhookSecret: String(reply.body.webhook_secret),
  };
}

/**
 * Every row of the store's client-owned tables (not the request records and rate-limit windows,
 * which every request writes, nor the store-wide counters), as text, by table, sorted: the
 * byte-identical comparison. With `except`, the rows that client owns (`client-rows.ts`) are left
 * out; with `only`, only the rows that client owns are kept.
 */
export async function rowsOf(sandbox: TestSandbox, except?: string, only?: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of OWNED_TABLES) {
    if (!CLIENT_OWNED_TABLES.includes(table) || table === 'rate_limit_windows' || table === 'request_records') {
      continue;
    }
    const conditions = [
      ...(except === undefined ? [] : [sql`not (${clientRowsCondition(table, except)})`]),
      ...(only === undefined ? [] : [clientRowsCondition(table, only)]),
      ...(table === 'counters' ? [sql`name like ${'%/%'}`] : []),
    ];
    const where = conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} ${where}`.execute(
      sandbox.sandbox.store.db,
    );
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

/**
 * Columns numbered store-wide (auto-increment ids, a store-wide change sequence) and the random id
 * of scheduled work, which no answer shows: a seeded world takes new ones.
 */
const STORE_WIDE_NUMBERS = ['id', 'seq', 'change_seq', 'position', 'outbox_id', 'due_id'];

/**
 * The rows of `client`'s world (its own row aside: its generation grows with a reset), without
 * the store-wide numbers.
 */
export async function worldOf(sandbox: TestSandbox, client: { clientId: string }): Promise<Record<string, string[]>> {
  const { clients: _, ...world } = await rowsOf(sandbox, undefined, client.clientId);
  return Object.fromEntries(
    Object.entries(world).map(([table, rows]) => [
      table,
      rows
        .map((text) => {
          const row = JSON.parse(text) as Record<string, unknown>;
          for (const column of STORE_WIDE_NUMBERS) {
            delete row[column];
          }
          return JSON.stringify(row);
        })
        .sort(),
    ]),
  );
}

/** Makes `client` do things of its own: an Item with a webhook, a fault rule, a clock 2 days ahead, a transfer. */
export async function useClient(sandbox: TestSandbox, client: ThrowawayCredentials): Promise<string> {
  const { public_token } = await sandbox.ok(
    'sandboxPublicTokenCreate',
    {
      institution_id: 'ins_109508',
      initial_products: ['transactions'],
      options: { webhook: 'https://example.com/hooks/reset' },
    },
    client,
  );
  const { access_token } = await sandbox.ok('itemPublicTokenExchange', { public_token }, client);
  await sandbox.ok('sandboxFaultRuleCreate', { fault: 'latency=1ms', probability: 0.01 } as never, client);
  await sandbox.ok('sandboxClockAdvance', { duration: 'P2D' }, client);
  await sandbox.ok('sandboxItemFireWebhook', { access_token, webhook_code: 'DEFAULT_UPDATE' }, client);
  return access_token;
}
