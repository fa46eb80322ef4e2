/**
 * Which fault a request gets: the one its `SVC-Sandbox-Fault` header asks for, else the first of
 * its client's rules that considers it and draws a fault. Counting and taking happen in one
 * transaction, so concurrent requests on any instance never share an n or overdraw `remaining`.
 */
import type { ErrorCatalogue } from '@svc/server-kit';
import type { HandlerContext } from '../../engine/handler-types.js';
import type { FaultDecider, RequestFault } from '../../engine/http/request-fault.js';
import type { OperationId } from '../../generated/handlers.gen.js';
import { faultHeaderError } from './errors.js';
import { parseFault } from './grammar.js';
import { operationsOf } from './present.js';
import { countConsidered, faultRulesOf, takeFault } from './queries.js';
import { FAULT_RULE_OPERATIONS, faultsNth, ruleConsiders } from './rules.js';

/** The {@link FaultDecider} of the sandbox, naming errors from `catalogue`. */
export function createFaultDecider(catalogue: ErrorCatalogue): FaultDecider {
  return async (operationId, header, context) => {
    if (header !== undefined) {
      const parsed = parseFault(header, catalogue);
      if (!parsed.ok) {
        throw faultHeaderError(parsed.reason);
      }
      return parsed.fault;
    }
    return ruleFault(operationId, context, catalogue);
  };
}

async function ruleFault(
  operationId: OperationId,
  context: HandlerContext,
  catalogue: ErrorCatalogue,
): Promise<RequestFault | undefined> {
  if (FAULT_RULE_OPERATIONS.has(operationId)) {
    return undefined;
  }
  const rules = await faultRulesOf(context.store.db, context.client.client_id);
  const considering = rules.filter((rule) =>
    ruleConsiders(
      { operations: operationsOf(rule), startsAt: rule.starts_at, endsAt: rule.ends_at },
      operationId,
      context.now,
    ),
  );
  if (considering.length === 0) {
    return undefined;
  }
  return context.store.transaction(async (trx) => {
    for (const rule of considering) {
      const n = await countConsidered(trx, rule.position);
      if (n !== undefined && faultsNth(rule.probability, rule.seed, n) && (await takeFault(trx, rule.position))) {
        const parsed = parseFault(rule.fault, catalogue);
        return parsed.ok ? parsed.fault : undefined;
      }
    }
    return undefined;
  });
}
