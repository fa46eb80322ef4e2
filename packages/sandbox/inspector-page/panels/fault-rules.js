// The fault rules panel: the client's rules, oldest first (the order they are tried), with how
// many requests each considered and how many faults it has left.
import { el, panelFrame } from '../dom.js';

export function createFaultRulesPanel(api) {
  const { element, body } = panelFrame('fault-rules', 'Fault rules');
  return {
    element,
    async update() {
      const { fault_rules: rules } = await api.get('fault_rules');
      if (rules.length === 0) {
        body.replaceChildren(el('p', {}, 'No fault rules: requests fail only when they ask to (SVC-Sandbox-Fault).'));
        return;
      }
      body.replaceChildren(
        el(
          'table',
          {},
          el(
            'tr',
            {},
            el('th', {}, 'Fault'),
            el('th', {}, 'Operations'),
            el('th', {}, 'Probability'),
            el('th', {}, 'Seed'),
            el('th', {}, 'Considered'),
            el('th', {}, 'Faulted'),
            el('th', {}, 'Remaining'),
            el('th', {}, 'Window'),
          ),
          rules.map((rule) =>
            el(
              'tr',
              { 'data-fault-rule-id': rule.fault_rule_id },
              el('td', {}, el('code', {}, rule.fault)),
              el('td', {}, rule.operations === null ? 'all' : rule.operations.join(', ')),
              el('td', {}, String(rule.probability)),
              el('td', {}, String(rule.seed)),
              el('td', {}, String(rule.matched_count)),
              el('td', {}, String(rule.fault_count)),
              el('td', {}, rule.remaining === null ? 'no limit' : String(rule.remaining)),
              el('td', {}, `${rule.starts_at ?? '…'} to ${rule.ends_at ?? '…'}`),
            ),
          ),
        ),
      );
    },
  };
}
