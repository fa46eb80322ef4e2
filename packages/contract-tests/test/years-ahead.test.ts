// The contract cases whose requests carry dates, against a sandbox started years after the time
// the spec's examples describe (on the last day their dates are promised to hold): the examples'
// future dates are still ahead of it, and every answer still meets the contract.
import { EXAMPLES_HOLD_UNTIL, startSandbox } from '@svc/sandbox';
import { carriesDates } from '../src/carries-dates.js';
import { defineContractSuite } from '../src/define-suite.js';

defineContractSuite(
  async () => {
    const sandbox = await startSandbox({
      port: 0,
      store: { kind: 'memory' },
      rateLimit: null,
      startTime: EXAMPLES_HOLD_UNTIL,
      logger: () => {},
    });
    return {
      baseUrl: sandbox.url,
      description: `@svc/sandbox at ${sandbox.url} (SQLite in memory, started at ${EXAMPLES_HOLD_UNTIL})`,
      isMock: false,
      reset: () => sandbox.reset(),
      stop: () => sandbox.stop(),
    };
  },
  { select: carriesDates },
);
