/** The table of the faults feature: the fault rules of each client (migration 0010). */
import type { Generated } from 'kysely';

/** A fault rule; `position` orders a client's rules (oldest first), n is `matched_count`. */
export interface FaultRulesTable {
  position: Generated<number>;
  fault_rule_id: string;
  client_id: string;
  /** JSON array of operationIds, or null for every operation. */
  operations: string | null;
  /** The normalised fault (the header's grammar). */
  fault: string;
  probability: number;
  seed: number;
  /** Faults left; null for no limit. */
  remaining: number | null;
  starts_at: string | null;
  ends_at: string | null;
  matched_count: number;
  fault_count: number;
  created_at: string;
}

declare module '../../engine/index.js' {
  /** This feature's tables, merged into the store's schema. */
  interface Database {
    fault_rules: FaultRulesTable;
  }
}
