/**
 * The account holders (`owners`) the sandbox institution reports for an account. Every sandbox
 * Item belongs to the canonical account holder of the API reference. Only names are guaranteed:
 * the savings account reports names only, and so does every account of the
 * `user_owners_unavailable` test user.
 */
import type { components } from '@svc/spec/types';
import type { TestUser } from '../world/index.js';

type Owner = components['schemas']['Owner'];

/** The canonical account holder (spec/README.md, "Canonical example data"). */
export const CANONICAL_OWNER: Owner = {
  names: ['Alberta Bobbeth Charleson'],
  phone_numbers: [{ data: '1112223333', primary: true, type: 'mobile1' }],
  emails: [{ data: 'accountholder0@example.com', primary: true, type: 'primary' }],
  addresses: [
    {
      data: { street: '2992 Cameron Road', city: 'Malakoff', region: 'NY', postal_code: '14236', country: 'US' },
      primary: true,
    },
  ],
};

/** The owners of an account of an Item of `user`. */
export function ownersOf(account: { subtype: string }, user: TestUser): Owner[] {
  const namesOnly = user.behaviour === 'owners_unavailable' || account.subtype === 'savings';
  if (namesOnly) {
    return [{ names: [...CANONICAL_OWNER.names], phone_numbers: [], emails: [], addresses: [] }];
  }
  return [structuredClone(CANONICAL_OWNER)];
}
