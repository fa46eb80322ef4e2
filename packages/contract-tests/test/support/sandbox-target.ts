/**
 * The sandbox the suites run against: in memory, on a free port, no rate limit, silent, its clock
 * started at a pinned time (by default the time the spec's examples describe), so that every run
 * gets the same answers whatever the day; with the suite's admin key.
 */
import { EXAMPLES_TIME, type RunningSandbox, startSandbox } from '@svc/sandbox';
import { HEADER_NAMES } from '@svc/spec/headers';
import type { ContractCase } from '../../src/cases/types.js';
import { contractAdminKey } from '../../src/credentials.js';
import type { PreparedCase } from '../../src/run-case.js';
import type { ContractTarget } from '../../src/target.js';

/** Starts the suites' sandbox at `startTime`. */
export function startPinnedSandbox(startTime: string = EXAMPLES_TIME): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    store: { kind: 'memory' },
    rateLimit: null,
    startTime,
    logger: () => {},
    adminKey: contractAdminKey(),
  });
}

/** The suites' sandbox at `startTime` as a contract target, reset before every case. */
export async function pinnedSandboxTarget(startTime: string = EXAMPLES_TIME): Promise<ContractTarget> {
  const sandbox = await startPinnedSandbox(startTime);
  return {
    baseUrl: sandbox.url,
    description: `@svc/sandbox at ${sandbox.url} (SQLite in memory, started at ${startTime})`,
    isMock: false,
    reset: () => sandbox.reset(),
    stop: () => sandbox.stop(),
    prepareCase: (item) => throwawayCase(sandbox, item),
  };
}

/**
 * The operations on a client's whole world, which the docs' shared clients may not call: their
 * cases run as a throwaway client of their own.
 */
const WORLD_PATHS = ['/sandbox/client/reset', '/sandbox/snapshot/'];

/** A client id as the sandbox makes them. */
const CLIENT_ID = /^[0-9a-f]{24}$/;

/**
 * A case of the operations on a client's world with a new throwaway client's credentials (and a
 * snapshot of its own where the docs' example names one); a delete of a client (the docs' example
 * names one that no fresh sandbox has) naming a new one.
 */
async function throwawayCase(sandbox: RunningSandbox, item: ContractCase): Promise<PreparedCase | undefined> {
  const body = item.body as Record<string, unknown>;
  if (item.operationId === 'sandboxClientDelete' && CLIENT_ID.test(String(body.throwaway_client_id))) {
    return { body: { ...body, throwaway_client_id: (await createClient(sandbox)).clientId } };
  }
  if (WORLD_PATHS.some((path) => item.path.startsWith(path)) && item.credentials !== 'none') {
    const credentials = await createClient(sandbox);
    // A snapshot the docs' example names: one of the new client's own.
    if (typeof body.snapshot_id === 'string' && SNAPSHOT_ID.test(body.snapshot_id)) {
      return { body: { ...body, snapshot_id: await createSnapshot(sandbox, credentials) }, credentials };
    }
    return { body, credentials };
  }
  return undefined;
}

/** A snapshot id as the sandbox makes them. */
const SNAPSHOT_ID = /^snapshot-[A-Za-z0-9]{24}$/;

/** A new snapshot of `client`'s world: its id. */
async function createSnapshot(sandbox: RunningSandbox, client: { clientId: string; secret: string }): Promise<string> {
  const response = await fetch(`${sandbox.url}/sandbox/snapshot/create`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [HEADER_NAMES.clientId]: client.clientId,
      [HEADER_NAMES.secret]: client.secret,
    },
    body: '{}',
  });
  const created = (await response.json()) as { snapshot: { snapshot_id: string } };
  if (response.status !== 200) {
    throw new Error(`the suite's sandbox refused a snapshot: ${JSON.stringify(created)}`);
  }
  return created.snapshot.snapshot_id;
}

/** A new throwaway client of `sandbox`. */
async function createClient(sandbox: RunningSandbox): Promise<{ clientId: string; secret: string }> {
  const response = await fetch(`${sandbox.url}/sandbox/client/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADER_NAMES.sandboxAdminKey]: contractAdminKey() },
    body: JSON.stringify({ name: 'contract suite' }),
  });
  const created = (await response.json()) as { client_id: string; secret: string };
  if (response.status !== 200) {
    throw new Error(`the suite's sandbox refused to create a client: ${JSON.stringify(created)}`);
  }
  return { clientId: created.client_id, secret: created.secret };
}
