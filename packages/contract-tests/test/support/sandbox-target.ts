/**
 * The sandbox the suites run against: in memory, on a free port, no rate limit, silent, its clock
 * started at a pinned time (by default the time the spec's examples describe), so that every run
 * gets the same answers whatever the day.
 */
import { EXAMPLES_TIME, type RunningSandbox, startSandbox } from '@svc/sandbox';
import type { ContractTarget } from '../../src/target.js';

/** Starts the suites' sandbox at `startTime`. */
export function startPinnedSandbox(startTime: string = EXAMPLES_TIME): Promise<RunningSandbox> {
  return startSandbox({ port: 0, store: { kind: 'memory' }, rateLimit: null, startTime, logger: () => {} });
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
  };
}
