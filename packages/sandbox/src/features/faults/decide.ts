/**
 * Which fault a request gets: the one its `SVC-Sandbox-Fault` header asks for, else the first of
 * its client's rules that considers it and draws a fault. Counting and taking happen in one
 * transaction, so concurrent requests on any instance never share an n or overdraw `remaining`.
 */
import type { ErrorCatalogue } from '@svc/server-kit';
import {
  checkClientHeld,
  type FaultDecider,
  type FaultRulesAlongside,
  type HandlerContext,
  type RequestFault,
} from '../../engine/index.js';
import type { OperationId } from '../../generated/handlers.gen.js';
import { faultHeaderError } from './errors.js';
import { parseFault } from './grammar.js';
import { operationsOf } from './present.js';
import {
  countConsidered,
  type FaultRuleLookupRow,
  type FaultRuleRow,
  faultRulesLookupQuery,
  faultRulesOf,
  takeFault,
} from './queries.js';
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

/** The gate's reason when a rule considers the request: it is decided the usual way instead. */
class RuleConsidersError extends Error {
  constructor() {
    super('a fault rule considers this request');
    this.name = 'RuleConsidersError';
  }
}

/**
 * The {@link FaultRulesAlongside} of the sandbox: the client's rules are the request's lookup
 * (`Store.withRequestLookup`; on PostgreSQL they go out with the handler's first statement). When
 * none considers the request (the common case) the handler's outcome stands, and what it changed
 * commits; when one does, nothing of the handler commits and the request is decided as before. A
 * rule created on any instance is stored before its creation is answered, and every request reads
 * the rules afresh, so it applies to the next request on every instance. The same read carries the
 * client's stored clock offset and generation: when the offset is newer than the request's (the
 * clock moved on another instance), nothing of the handler commits and the alongside fails with the
 * engine's `StaleClientClockError`, for the listener to handle the request again at the stored
 * time; when the row is gone or of another generation (the client was deleted, reset or restored
 * since this instance read it), with `StaleClientError`, for the listener to authenticate afresh.
 * On PostgreSQL the read also takes the client's world lock, shared (`clientWorldLockShared`): a
 * reset or restore, which takes it alone, waits for the client's requests in flight and they for it.
 */
export function createFaultRulesAlongside(): FaultRulesAlongside {
  return async (operationId, context, handle, options = { rules: true }) => {
    const { store } = context;
    // No rule ever considers the fault rule operations (ruleFault): only the clock is checked.
    const rulesApply = options.rules && !FAULT_RULE_OPERATIONS.has(operationId);
    const looked = await store.withRequestLookup(
      {
        query: faultRulesLookupQuery(store.db, context.client.client_id),
        decide: (rows) => {
          checkClientHeld(
            context.client,
            rows[0] && { clock_offset_ms: rows[0].client_clock_offset_ms, generation: rows[0].client_generation },
          );
          return rulesApply && considering(rulesOf(rows), operationId, context.now).length > 0
            ? { open: false, reason: new RuleConsidersError() }
            : { open: true };
        },
      },
      handle,
    );
    if (looked.open) {
      return looked.outcome;
    }
    if (looked.reason instanceof RuleConsidersError) {
      return undefined;
    }
    // The rules could not be read, or the clock moved: the listener decides what follows.
    throw looked.reason;
  };
}

/** The rules among a lookup's `rows` (none when its only row has no rule). */
function rulesOf(rows: FaultRuleLookupRow[]): Pick<FaultRuleRow, 'operations' | 'starts_at' | 'ends_at'>[] {
  return rows.filter((row) => row.position !== null);
}

/** The rules of `rules` that consider a request of `operationId` at `now`. */
function considering<R extends Pick<FaultRuleRow, 'operations' | 'starts_at' | 'ends_at'>>(
  rules: R[],
  operationId: OperationId,
  now: Date,
): R[] {
  return rules.filter((rule) =>
    ruleConsiders({ operations: operationsOf(rule), startsAt: rule.starts_at, endsAt: rule.ends_at }, operationId, now),
  );
}

async function ruleFault(
  operationId: OperationId,
  context: HandlerContext,
  catalogue: ErrorCatalogue,
): Promise<RequestFault | undefined> {
  if (FAULT_RULE_OPERATIONS.has(operationId)) {
    return undefined;
  }
  const considered = considering(
    await faultRulesOf(context.store.db, context.client.client_id),
    operationId,
    context.now,
  );
  if (considered.length === 0) {
    return undefined;
  }
  return context.store.transaction(async (trx) => {
    for (const rule of considered) {
      const n = await countConsidered(trx, rule.position);
      if (n !== undefined && faultsNth(rule.probability, rule.seed, n) && (await takeFault(trx, rule.position))) {
        const parsed = parseFault(rule.fault, catalogue);
        return parsed.ok ? { ...parsed.fault, faultRuleId: rule.fault_rule_id } : undefined;
      }
    }
    return undefined;
  });
}
