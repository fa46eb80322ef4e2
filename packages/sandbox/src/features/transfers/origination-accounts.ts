/**
 * Origination accounts: the client's accounts that transfers and bank transfers move money into
 * (debits) or out of (credits). Under the full-service configuration they are FBO (for benefit
 * of) accounts held for the client, under the platform configuration the client's own accounts.
 * Every client has at least one, its default; a client without any gets one derived from its id
 * (so every instance derives the same one).
 */
import { createHash } from 'node:crypto';
import { type CanonicalWorld, DEFAULT_CLIENT, DEMO_CLIENT } from '../world/index.js';
import { CANONICAL_ORIGINATION_ACCOUNT_ID, DEMO_ORIGINATION_ACCOUNT_IDS } from './canonical.js';

/** An origination account as first provisioned. */
export interface OriginationAccountTemplate {
  origination_account_id: string;
  name: string;
  /** 1 for the client's default account (exactly one per client). */
  is_default: number;
  available_cents: number;
  minimum_balance_cents: number;
}

/**
 * Opening balances of a provisioned account: 1500.00 available, 500.00 minimum balance (1000.00
 * transactable), as the balance example of the docs shows for the canonical account.
 */
const OPENING = { available_cents: 150_000, minimum_balance_cents: 50_000 } as const;

/** A UUID derived from `seed` (RFC 9562 version 8: stable for a seed, distinct across seeds). */
export function derivedUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The canonical client's account (in `world`'s stored form for a client with the canonical
 * world), the demo client's two, or one derived default for any other client.
 */
export function originationAccountTemplates(clientId: string, world?: CanonicalWorld): OriginationAccountTemplate[] {
  if (clientId === DEFAULT_CLIENT.clientId || world?.clientId === clientId) {
    const id = world ? world.id(CANONICAL_ORIGINATION_ACCOUNT_ID) : CANONICAL_ORIGINATION_ACCOUNT_ID;
    return [{ origination_account_id: id, name: 'FBO account', is_default: 1, ...OPENING }];
  }
  if (clientId === DEMO_CLIENT.clientId) {
    return DEMO_ORIGINATION_ACCOUNT_IDS.map((id, index) => ({
      origination_account_id: id,
      name: index === 0 ? 'Operating account' : 'Payouts account',
      is_default: index === 0 ? 1 : 0,
      ...OPENING,
    }));
  }
  return [
    {
      origination_account_id: derivedUuid(`${clientId}/origination/0`),
      name: 'Origination account',
      is_default: 1,
      ...OPENING,
    },
  ];
}
