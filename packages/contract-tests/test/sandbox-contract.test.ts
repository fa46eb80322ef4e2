// The contract suite against the stateful sandbox (SQLite in memory, its clock started at the
// time the spec's examples describe), with a fresh store per case; its traffic is kept as
// reports/sandbox.har.
import { defineContractSuite } from '../src/define-suite.js';
import { pinnedSandboxTarget } from './support/sandbox-target.js';

defineContractSuite(() => pinnedSandboxTarget(), { record: 'sandbox' });
