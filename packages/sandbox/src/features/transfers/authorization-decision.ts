/**
 * The sandbox decision rules of `/transfer/authorization/create`, in the order the operation's
 * description states them: the first matching row applies.
 *
 * | condition | decision | rationale |
 * |---|---|---|
 * | Item created through the same-day micro-deposits flow | permitted | MANUALLY_VERIFIED_ITEM |
 * | Item whose login was reset | permitted | LOGIN_REQUIRED |
 * | any other test user than the balance-decided ones (`user_good` / `pass_good`, `user_zero_balance`) | permitted | ERROR |
 * | available balance null (not computed) | permitted | ERROR |
 * | available balance exactly zero | declined | RISK |
 * | available balance below the amount | declined | NSF |
 * | amount below or equal to the available balance | approved | null |
 */
import type { components } from '@svc/spec/types';
import type { TestUserBehaviour } from '../world/index.js';

/** An authorization's decision: the spec's `TransferAuthorizationDecision`. */
export type AuthorizationDecision = components['schemas']['TransferAuthorizationDecision'];

/** Why an authorization was not approved (null when approved): the spec's `TransferAuthorizationDecisionRationale`. */
export type AuthorizationRationale = components['schemas']['TransferAuthorizationDecisionRationale'];

/** The outcome of the risk checks. */
export interface AuthorizationOutcome {
  decision: AuthorizationDecision;
  rationale: AuthorizationRationale;
}

/** What the decision depends on. */
export interface AuthorizationFacts {
  /** The behaviour of the Item's test user. */
  behaviour: TestUserBehaviour;
  /** The account's available balance in cents, null when not computed (credit, loan, investment accounts). */
  availableCents: number | null;
  /** The proposed amount in cents (always positive). */
  amountCents: number;
}

/** Test users whose authorizations are decided by the account's available balance. */
export const BALANCE_DECIDED_BEHAVIOURS: readonly TestUserBehaviour[] = ['good', 'zero_balance'];

/** Decides an authorization by the sandbox rules (see the module comment for the order). */
export function decideAuthorization(facts: AuthorizationFacts): AuthorizationOutcome {
  if (facts.behaviour === 'micro_deposits') {
    return { decision: 'permitted', rationale: 'MANUALLY_VERIFIED_ITEM' };
  }
  if (facts.behaviour === 'login_reset') {
    return { decision: 'permitted', rationale: 'LOGIN_REQUIRED' };
  }
  if (!BALANCE_DECIDED_BEHAVIOURS.includes(facts.behaviour) || facts.availableCents === null) {
    return { decision: 'permitted', rationale: 'ERROR' };
  }
  if (facts.availableCents === 0) {
    return { decision: 'declined', rationale: 'RISK' };
  }
  if (facts.availableCents < facts.amountCents) {
    return { decision: 'declined', rationale: 'NSF' };
  }
  return { decision: 'approved', rationale: null };
}
