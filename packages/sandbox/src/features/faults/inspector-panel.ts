/**
 * The inspector's fault rules panel: the signed-in client's rules, oldest first, as
 * `/sandbox/fault_rule/list` shows them (with how many requests each considered and faulted).
 */
import type { InspectorPanel } from '../inspector/index.js';
import { presentFaultRule } from './present.js';
import { faultRulesOf } from './queries.js';

/** `GET /inspector/api/fault_rules`. */
export const faultRulesPanel: InspectorPanel = {
  name: 'fault_rules',
  async read({ store, clientId }) {
    const rows = await faultRulesOf(store.db, clientId);
    return { fault_rules: rows.map(presentFaultRule) };
  },
};
