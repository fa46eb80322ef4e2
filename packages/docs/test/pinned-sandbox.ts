/**
 * The sandbox the console tests send to: in memory, on a free port of 127.0.0.1, no rate limit,
 * silent, its clock started at the time the spec's examples describe, so every run gets the same
 * answers whatever the day.
 */
import { EXAMPLES_TIME, type RunningSandbox, startSandbox } from '@svc/sandbox';

/** Starts the tests' sandbox at `EXAMPLES_TIME`. */
export function startPinnedSandbox(): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    store: { kind: 'memory' },
    rateLimit: null,
    startTime: EXAMPLES_TIME,
    logger: () => {},
  });
}
