/**
 * `/sandbox/fault_rule/create`, `/list` and `/remove`: a client's fault rules, which make a share
 * of its later requests fail on purpose (see `decide.ts` for how a request meets them).
 */
import { randomUUID } from 'node:crypto';
import { errorCatalogue } from '@svc/server-kit';
import { CLIENT_LIMITS, clientLimitReached, type HandlerGroup, invalidField, together } from '../../engine/index.js';
import { type OperationId, operationPaths } from '../../generated/handlers.gen.js';
import { formatFault, parseFault } from './grammar.js';
import { presentFaultRule } from './present.js';
import { faultRuleCountStatement, faultRulesOf, insertFaultRuleStatement, removeFaultRules } from './queries.js';
import { FAULT_RULE_OPERATIONS, windowRefusal } from './rules.js';

/** The fault rule handlers. */
export const faultRuleHandlers: HandlerGroup<
  'sandboxFaultRuleCreate' | 'sandboxFaultRuleList' | 'sandboxFaultRuleRemove'
> = {
  async sandboxFaultRuleCreate(request, context) {
    const parsed = parseFault(request.fault, errorCatalogue);
    if (!parsed.ok) {
      throw invalidField('fault', parsed.reason);
    }
    const operations = request.operations ?? null;
    operations?.forEach(checkOperation);
    const startsAt = request.starts_at ? new Date(request.starts_at).toISOString() : null;
    const endsAt = request.ends_at ? new Date(request.ends_at).toISOString() : null;
    const refusal = windowRefusal(startsAt, endsAt);
    if (refusal) {
      throw invalidField('ends_at', refusal);
    }
    const row = await context.store.transaction(async (trx) => {
      // The count (of the rules before this one) and the insert in one flight; over the cap, the
      // insert is rolled back by the refusal.
      const { count, inserted } = await together(trx, {
        count: faultRuleCountStatement(trx, context.client.client_id),
        inserted: insertFaultRuleStatement(trx, {
          fault_rule_id: `fault-rule-sandbox-${randomUUID()}`,
          client_id: context.client.client_id,
          operations: operations === null ? null : JSON.stringify(operations),
          fault: formatFault(parsed.fault),
          probability: request.probability ?? 1,
          seed: request.seed ?? 0,
          remaining: request.remaining ?? null,
          starts_at: startsAt,
          ends_at: endsAt,
          matched_count: 0,
          fault_count: 0,
          created_at: context.now.toISOString(),
        }),
      });
      if (Number(count.rows[0]?.count ?? 0) >= CLIENT_LIMITS.faultRules) {
        throw clientLimitReached(
          'fault rules',
          CLIENT_LIMITS.faultRules,
          'Remove rules you no longer need with /sandbox/fault_rule/remove, then create this one again.',
        );
      }
      const stored = inserted.rows[0];
      if (!stored) {
        throw new Error('the new fault rule was not answered by its insert');
      }
      return stored;
    });
    return { fault_rule: presentFaultRule(row) };
  },

  async sandboxFaultRuleList(_request, context) {
    const rows = await faultRulesOf(context.store.db, context.client.client_id);
    return { fault_rules: rows.map(presentFaultRule) };
  },

  async sandboxFaultRuleRemove(request, context) {
    const removed = await context.store.transaction((trx) =>
      removeFaultRules(trx, context.client.client_id, request.fault_rule_id),
    );
    return { removed_fault_rule_ids: removed };
  },
};

/** Refuses an operationId a rule cannot name. */
function checkOperation(operation: string, index: number): void {
  if (!Object.hasOwn(operationPaths, operation)) {
    throw invalidField(`operations[${index}]`, `is ${operation}, which is not an operationId of this API`);
  }
  if (FAULT_RULE_OPERATIONS.has(operation as OperationId)) {
    throw invalidField(
      `operations[${index}]`,
      `is ${operation}; fault rules never fault the fault rule operations, so that a rule cannot lock you out`,
    );
  }
}
