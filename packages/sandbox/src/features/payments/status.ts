/**
 * The payment status machine of `PaymentStatus`: which status follows which, for one-time payments
 * and standing orders; the expiry of a payment still awaiting input 24 hours after creation,
 * evaluated from the clock whenever a payment is read; and the path a simulated outcome takes.
 */
import type { components } from '@svc/spec/types';

/** A payment status. */
export type PaymentStatus = components['schemas']['PaymentStatus'];

/** A one-time payment, or a standing order (a payment with a schedule). */
export type PaymentKind = 'one_time' | 'standing_order';

/** How long a payment waits for the user's authorisation: 24 hours. */
export const AUTHORISATION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The statuses a reversal accepts: executed one-time payments. */
export const REVERSIBLE_STATUSES: readonly PaymentStatus[] = ['PAYMENT_STATUS_EXECUTED', 'PAYMENT_STATUS_COMPLETED'];

const FAILURES: readonly PaymentStatus[] = [
  'PAYMENT_STATUS_INSUFFICIENT_FUNDS',
  'PAYMENT_STATUS_REJECTED',
  'PAYMENT_STATUS_FAILED',
];

/**
 * The transitions of `PaymentStatus`, without the expiry (which only the clock makes). Each entry:
 * from → to, and the kinds of payment it applies to.
 */
const TRANSITIONS: readonly { from: PaymentStatus; to: PaymentStatus; kinds: readonly PaymentKind[] }[] = [
  { from: 'PAYMENT_STATUS_INPUT_NEEDED', to: 'PAYMENT_STATUS_PROCESSING', kinds: ['one_time', 'standing_order'] },
  { from: 'PAYMENT_STATUS_INPUT_NEEDED', to: 'PAYMENT_STATUS_CANCELLED', kinds: ['one_time', 'standing_order'] },
  { from: 'PAYMENT_STATUS_PROCESSING', to: 'PAYMENT_STATUS_INITIATED', kinds: ['one_time'] },
  { from: 'PAYMENT_STATUS_PROCESSING', to: 'PAYMENT_STATUS_ESTABLISHED', kinds: ['standing_order'] },
  { from: 'PAYMENT_STATUS_PROCESSING', to: 'PAYMENT_STATUS_BLOCKED', kinds: ['one_time', 'standing_order'] },
  ...FAILURES.map((to) => ({
    from: 'PAYMENT_STATUS_PROCESSING' as const,
    to,
    kinds: ['one_time', 'standing_order'] as const,
  })),
  ...FAILURES.map((to) => ({ from: 'PAYMENT_STATUS_INITIATED' as const, to, kinds: ['one_time'] as const })),
  { from: 'PAYMENT_STATUS_INITIATED', to: 'PAYMENT_STATUS_EXECUTED', kinds: ['one_time'] },
  { from: 'PAYMENT_STATUS_EXECUTED', to: 'PAYMENT_STATUS_COMPLETED', kinds: ['one_time'] },
];

/** The statuses `status` can move to directly, for a payment of `kind` (expiry aside). */
export function nextStatuses(kind: PaymentKind, status: PaymentStatus): PaymentStatus[] {
  return TRANSITIONS.filter((move) => move.from === status && move.kinds.includes(kind)).map((move) => move.to);
}

/**
 * The statuses a payment of `kind` passes through to get from `from` to `to`, `to` included
 * (shortest path over the transitions); `[]` when `to` is `from`; undefined when `to` cannot be
 * reached.
 */
export function pathBetween(kind: PaymentKind, from: PaymentStatus, to: PaymentStatus): PaymentStatus[] | undefined {
  if (from === to) {
    return [];
  }
  const previous = new Map<PaymentStatus, PaymentStatus>();
  const queue: PaymentStatus[] = [from];
  while (queue.length > 0) {
    const current = queue.shift() as PaymentStatus;
    for (const next of nextStatuses(kind, current)) {
      if (next === from || previous.has(next)) {
        continue;
      }
      previous.set(next, current);
      if (next === to) {
        const path: PaymentStatus[] = [to];
        let step = current;
        while (step !== from) {
          path.unshift(step);
          step = previous.get(step) as PaymentStatus;
        }
        return path;
      }
      queue.push(next);
    }
  }
  return undefined;
}

/** Every status a payment of `kind` can still reach from `from` (expiry aside), nearest first. */
export function reachableStatuses(kind: PaymentKind, from: PaymentStatus): PaymentStatus[] {
  const seen: PaymentStatus[] = [];
  const queue: PaymentStatus[] = [from];
  while (queue.length > 0) {
    for (const next of nextStatuses(kind, queue.shift() as PaymentStatus)) {
      if (next !== from && !seen.includes(next)) {
        seen.push(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** What the clock decides about a stored status. */
export interface EffectiveStatus {
  status: PaymentStatus;
  /** ISO timestamp of the last change. */
  lastStatusUpdate: string;
}

/**
 * The status of a payment at `now`: a payment still `PAYMENT_STATUS_INPUT_NEEDED` at its
 * `payment_expiration_time` is `PAYMENT_STATUS_EXPIRED` from that instant on (so it changed at
 * that instant). Nothing is written: the expiry is evaluated whenever a payment is read.
 */
export function effectiveStatus(
  stored: { status: string; last_status_update: string; expires_at: string },
  now: Date,
): EffectiveStatus {
  if (stored.status === 'PAYMENT_STATUS_INPUT_NEEDED' && now.getTime() >= Date.parse(stored.expires_at)) {
    return { status: 'PAYMENT_STATUS_EXPIRED', lastStatusUpdate: stored.expires_at };
  }
  return { status: stored.status as PaymentStatus, lastStatusUpdate: stored.last_status_update };
}
