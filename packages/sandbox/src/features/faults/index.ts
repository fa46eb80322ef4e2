/**
 * The faults feature as the composition root sees it: the fault rule operations and the decider
 * the listener asks which fault a request gets (its `SVC-Sandbox-Fault` header, else its client's
 * rules).
 */
export { createFaultDecider, createFaultRulesAlongside } from './decide.js';
export { faultRulesPanel } from './inspector-panel.js';
export { faultRuleHandlers } from './operations.js';
