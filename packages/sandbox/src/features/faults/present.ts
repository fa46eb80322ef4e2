/** A stored fault rule as the API shows it (`FaultRule`). */
import type { ResultOf } from '../../engine/index.js';
import type { FaultRuleRow } from './queries.js';

/** The wire shape of a fault rule. */
export type FaultRule = ResultOf<'sandboxFaultRuleCreate'>['fault_rule'];

/** The operationIds of a stored rule, or null for all. */
export function operationsOf(row: Pick<FaultRuleRow, 'operations'>): string[] | null {
  return row.operations === null ? null : (JSON.parse(row.operations) as string[]);
}

/** `row` as the API shows it. */
export function presentFaultRule(row: FaultRuleRow): FaultRule {
  return {
    fault_rule_id: row.fault_rule_id,
    operations: operationsOf(row),
    fault: row.fault,
    probability: row.probability,
    seed: row.seed,
    remaining: row.remaining,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    matched_count: row.matched_count,
    fault_count: row.fault_count,
    created_at: row.created_at,
  };
}
