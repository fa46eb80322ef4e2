/**
 * The integration partners of the sandbox. `/processor/token/create` accepts the 22 partner
 * identifiers below (the API reference does not list them, so the sandbox defines its own,
 * `acme_payments` of the reference's example among them); partners A and B have their own token
 * operations. Partner B's tokens have the form `bank-account-<environment>-<identifier>`.
 */
import { randomUUID } from 'node:crypto';
import { ENVIRONMENT } from '../../engine/index.js';

/** The 22 `processor` identifiers `/processor/token/create` accepts in the sandbox. */
export const SANDBOX_PROCESSORS: readonly string[] = [
  'acme_payments',
  'beacon_ledger',
  'bluefin_brokerage',
  'cedar_payroll',
  'checkmate_verify',
  'coral_cards',
  'driftwood_lending',
  'evergreen_invest',
  'fernway_treasury',
  'gingham_pay',
  'granite_clearing',
  'harbor_wallet',
  'ironbark_billing',
  'juniper_remit',
  'keystone_kyc',
  'lakeside_loans',
  'maple_money',
  'meadow_crypto',
  'northwind_ach',
  'prairie_capital',
  'summit_savings',
  'willow_wealth',
];

/** Whether `processor` is one of {@link SANDBOX_PROCESSORS}. */
export function isSandboxProcessor(processor: string): boolean {
  return SANDBOX_PROCESSORS.includes(processor);
}

/** Token kind (tokens table) of partner B's bank account tokens. */
export const PARTNER_B_TOKEN_KIND = 'partner_b';

/** A new partner B bank account token: `bank-account-sandbox-<uuid>`. */
export function newPartnerBToken(): string {
  return `bank-account-${ENVIRONMENT}-${randomUUID()}`;
}
