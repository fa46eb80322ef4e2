// The contract suite against the stateful sandbox (SQLite in memory), with a fresh store per case.
import { EXAMPLES_TIME, startSandbox } from '@svc/sandbox';
import { defineContractSuite } from '../src/define-suite.js';

defineContractSuite(async () => {
  const sandbox = await startSandbox({
    port: 0,
    store: { kind: 'memory' },
    rateLimit: null,
    startTime: EXAMPLES_TIME,
    logger: () => {},
  });
  return {
    baseUrl: sandbox.url,
    description: `@svc/sandbox at ${sandbox.url} (SQLite in memory)`,
    isMock: false,
    reset: () => sandbox.reset(),
    stop: () => sandbox.stop(),
  };
});
