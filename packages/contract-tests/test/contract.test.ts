// The contract suite against the mock it starts itself, or the server at SVC_CONTRACT_BASE_URL;
// its traffic is kept as reports/mock.har.
import { defineContractSuite } from '../src/define-suite.js';
import { startTarget } from '../src/target.js';

defineContractSuite(() => startTarget(), { record: 'mock' });
