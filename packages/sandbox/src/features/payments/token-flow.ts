/**
 * The deprecated payment token flow: which sandbox clients may still use it, and how long a
 * payment token lives (20 minutes, never beyond the payment's authorisation window).
 */
import { DEFAULT_CLIENT } from '../world/index.js';

/** Lifetime of a payment token: 20 minutes. */
export const PAYMENT_TOKEN_LIFETIME_MS = 20 * 60 * 1000;

/**
 * Whether `clientId` may use the deprecated payment token flow. The flow is unavailable to new
 * clients; in the sandbox only the seeded default client (the credentials of the docs) is an
 * existing client, so the demo client and every client added later are new clients.
 */
export function hasPaymentTokenFlow(clientId: string): boolean {
  return clientId === DEFAULT_CLIENT.clientId;
}

/** When a payment token issued at `now` expires: 20 minutes later, but not after `paymentExpiresAt`. */
export function paymentTokenExpiry(now: Date, paymentExpiresAt: string): string {
  return new Date(Math.min(now.getTime() + PAYMENT_TOKEN_LIFETIME_MS, Date.parse(paymentExpiresAt))).toISOString();
}
