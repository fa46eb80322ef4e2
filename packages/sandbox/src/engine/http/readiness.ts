/**
 * What `/readyz` checks in the sandbox: the store answers, and the migrations applied to it are
 * exactly this package's (none missing, none from a newer version). Both come from one cheap
 * statement (the names in Kysely's migration table), shared by the checks of one request and by
 * concurrent requests. A reason never carries a connection string or a database message: only
 * what is not ready, and the error code of an unreachable database.
 */
import { createReadiness, type Readiness } from '@svc/server-kit';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import { migrations } from '../store/migrations/index.js';
import type { Store } from '../store/open-store.js';
import { isStoreOutage } from './store-outage.js';

/** How long the store may take to answer the readiness statement. */
export const READINESS_TIMEOUT_MS = 2_000;

type Probe = { ok: true; applied: ReadonlySet<string> } | { ok: false; reason: string };

/** The sandbox's readiness: `store` and `migrations`. */
export function sandboxReadiness(store: Store, timeoutMs = READINESS_TIMEOUT_MS): Readiness {
  const expected = Object.keys(migrations(store.engine));
  let pending: Promise<Probe> | undefined;
  const probe = () => {
    pending ??= probeStore(store, timeoutMs).finally(() => {
      pending = undefined;
    });
    return pending;
  };
  return createReadiness({
    store: async () => {
      const result = await probe();
      return result.ok ? undefined : result.reason;
    },
    migrations: async () => {
      const result = await probe();
      if (!result.ok) {
        return 'unknown: the store does not answer';
      }
      const missing = expected.filter((name) => !result.applied.has(name));
      const unknown = [...result.applied].filter((name) => !expected.includes(name)).sort();
      const reasons = [
        ...(missing.length > 0 ? [`not applied: ${missing.join(', ')}`] : []),
        ...(unknown.length > 0 ? [`applied by another version of the sandbox: ${unknown.join(', ')}`] : []),
      ];
      return reasons.length > 0 ? reasons.join('; ') : undefined;
    },
  });
}

async function probeStore(store: Store, timeoutMs: number): Promise<Probe> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Probe>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `the database did not answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  const query = sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(store.db).then(
    ({ rows }): Probe => ({ ok: true, applied: new Set(rows.map((row) => row.name)) }),
    (error: unknown): Probe => {
      const code = (error as { code?: unknown }).code;
      return {
        ok: false,
        reason: isStoreOutage(error)
          ? `the database does not answer${typeof code === 'string' ? ` (${code})` : ''}`
          : 'the database refused the readiness statement',
      };
    },
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
