import { startMock } from '@svc/mock';
import type { ContractCase } from './cases/types.js';
import type { PreparedCase } from './run-case.js';

/** Environment variable that points the suite at a running server instead of the bundled mock. */
export const TARGET_ENV = 'SVC_CONTRACT_BASE_URL';

/** Set to `true` when the external target is a mock that honours `Prefer` (forced responses). */
export const TARGET_IS_MOCK_ENV = 'SVC_CONTRACT_TARGET_IS_MOCK';

/** The server the suite runs against. */
export interface ContractTarget {
  /** Base URL of the server. */
  baseUrl: string;
  /** Human-readable name, printed in failures. */
  description: string;
  /** Whether the target is a mock that honours `Prefer` (forced responses run only then). */
  isMock: boolean;
  /** Brings a stateful target back to its freshly seeded state (before every case), when it can. */
  reset?(): Promise<void>;
  /** Stops a server the suite started itself; a no-op for an external one. */
  stop(): Promise<void>;
  /**
   * A stateful target's changes to a case so that it meets the target's state (after `reset`):
   * its own ids in the body, other credentials (`run-case.ts` {@link PreparedCase}); undefined:
   * the case as it is.
   */
  prepareCase?(item: ContractCase): Promise<PreparedCase | undefined>;
}

/**
 * Chooses the target: the base URL in `SVC_CONTRACT_BASE_URL` when set (a real or sandbox server),
 * otherwise a mock the suite starts itself on a free port of 127.0.0.1.
 */
export async function startTarget(env: NodeJS.ProcessEnv = process.env): Promise<ContractTarget> {
  const external = env[TARGET_ENV]?.trim();
  if (external) {
    let url: URL;
    try {
      url = new URL(external);
    } catch {
      throw new Error(`${TARGET_ENV} must be an absolute URL such as http://127.0.0.1:4010, not "${external}"`);
    }
    const isMock = env[TARGET_IS_MOCK_ENV] === 'true';
    return {
      baseUrl: url.toString().replace(/\/+$/, ''),
      description: `${isMock ? 'mock' : 'server'} at ${url}`,
      isMock,
      stop: async () => {},
    };
  }
  const mock = await startMock({ port: 0 });
  return { baseUrl: mock.url, description: `@svc/mock at ${mock.url}`, isMock: true, stop: () => mock.stop() };
}
