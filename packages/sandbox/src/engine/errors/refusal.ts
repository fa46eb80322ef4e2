/**
 * Rules return typed refusals instead of throwing: a feature's rule function says which refusal
 * applies (or none), and the operation turns it into the API's error with the feature's one
 * wording function. These helpers do that turning, the same way in every feature.
 */
import type { SandboxError } from './sandbox-error.js';

/** What a rule gives: the value the call may go on with, or the refusal. */
export type Outcome<T, R> = { ok: true; value: T } | { ok: false; refusal: R };

/** A refused outcome. */
export function refused<R>(refusal: R): { ok: false; refusal: R } {
  return { ok: false, refusal };
}

/** Throws the error of `refusal` (worded by `errorOf`), if there is one. */
export function refuseIf<R>(refusal: R | null, errorOf: (refusal: R) => SandboxError): void {
  if (refusal !== null) {
    throw errorOf(refusal);
  }
}

/** The value of `outcome`, or throws the error of its refusal (worded by `errorOf`). */
export function orRefuse<T, R>(outcome: Outcome<T, R>, errorOf: (refusal: R) => SandboxError): T {
  if (!outcome.ok) {
    throw errorOf(outcome.refusal);
  }
  return outcome.value;
}
