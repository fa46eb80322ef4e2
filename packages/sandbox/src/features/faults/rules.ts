/**
 * The decisions of fault rules, pure: whether a rule considers a request (its operations, its
 * time window on the client's clock) and whether the n-th request it considers is faulted. The
 * draw is a function of the seed and n alone, so the same rules fault the same requests on every
 * run, engine and instance (n is counted in the store).
 */
import { createHash } from 'node:crypto';
import type { OperationId } from '../../generated/handlers.gen.js';

/** The operations of the fault rules themselves, which no rule ever faults. */
export const FAULT_RULE_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'sandboxFaultRuleCreate',
  'sandboxFaultRuleList',
  'sandboxFaultRuleRemove',
]);

/** What a rule's decision depends on. */
export interface RuleScope {
  /** The operationIds it applies to; null for all. */
  operations: readonly string[] | null;
  /** ISO 8601 bounds of its window on the client's clock, null for none. */
  startsAt: string | null;
  endsAt: string | null;
}

/** Whether a rule with `scope` considers a request of `operationId` at `now`. */
export function ruleConsiders(scope: RuleScope, operationId: OperationId, now: Date): boolean {
  if (FAULT_RULE_OPERATIONS.has(operationId)) {
    return false;
  }
  if (scope.operations !== null && !scope.operations.includes(operationId)) {
    return false;
  }
  const time = now.getTime();
  if (scope.startsAt !== null && time < Date.parse(scope.startsAt)) {
    return false;
  }
  return scope.endsAt === null || time < Date.parse(scope.endsAt);
}

/** The draw of the n-th considered request under `seed`: a number in [0, 1), the same every time. */
export function faultDraw(seed: number, n: number): number {
  const digest = createHash('sha256').update(`svc-fault-rule:${seed}:${n}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** Whether the n-th request a rule of `probability` and `seed` considers is faulted. */
export function faultsNth(probability: number, seed: number, n: number): boolean {
  return faultDraw(seed, n) < probability;
}

/** Why the window `startsAt`..`endsAt` is not one, if it is not. */
export function windowRefusal(startsAt: string | null, endsAt: string | null): string | undefined {
  if (startsAt !== null && endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt)) {
    return `is ${endsAt}, which is not after starts_at ${startsAt}`;
  }
  return undefined;
}
