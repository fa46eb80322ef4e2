// The contract cases whose requests carry dates, against a sandbox started years after the time
// the spec's examples describe (on the last day their dates are promised to hold): the examples'
// future dates are still ahead of it, and every answer still meets the contract.
import { EXAMPLES_HOLD_UNTIL } from '@svc/sandbox';
import { carriesDates } from '../src/carries-dates.js';
import { defineContractSuite } from '../src/define-suite.js';
import { pinnedSandboxTarget } from './support/sandbox-target.js';

defineContractSuite(() => pinnedSandboxTarget(EXAMPLES_HOLD_UNTIL), { select: carriesDates });
