/**
 * Readiness of a server for an orchestrator or a load balancer, answered at `GET /readyz` by the
 * request core: ready when the server is not stopping and every check passes. A graceful stop
 * (`listen()`'s `stop()`) reports not ready first, waits the drain delay so that a load balancer
 * stops sending, and only then stops accepting connections.
 */

/** One check: `undefined` when it passes, otherwise why not (shown to anyone: never a secret). */
export type ReadinessCheck = () => Promise<string | undefined> | string | undefined;

/** What `/readyz` answers: `checks` names each check with `ok` or why it fails. */
export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, string>;
}

/** The readiness of one server. */
export interface Readiness {
  /** Runs every check (concurrently) unless the server is stopping. */
  report(): Promise<ReadinessReport>;
  /** From now on, reports not ready (`stopping`) without running the checks. */
  markStopping(): void;
  /** Whether {@link Readiness.markStopping} was called. */
  readonly stopping: boolean;
}

/** The check name and reason reported once a stop has begun. */
export const STOPPING_CHECK = 'stopping';

/** A readiness made of `checks` (none: ready while not stopping, as the mock is once listening). */
export function createReadiness(checks: Record<string, ReadinessCheck> = {}): Readiness {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    markStopping() {
      stopping = true;
    },
    async report() {
      if (stopping) {
        return { ready: false, checks: { [STOPPING_CHECK]: 'the server is stopping: send no new requests' } };
      }
      const entries = await Promise.all(
        Object.entries(checks).map(async ([name, check]): Promise<[string, string | undefined]> => {
          try {
            return [name, await check()];
          } catch {
            return [name, 'the check failed'];
          }
        }),
      );
      return {
        ready: entries.every(([, reason]) => reason === undefined),
        checks: Object.fromEntries(entries.map(([name, reason]) => [name, reason ?? 'ok'])),
      };
    },
  };
}
