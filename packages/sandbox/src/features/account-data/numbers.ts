/**
 * Account and routing numbers of checking and savings accounts, derived from the account id and
 * the institution's countries: ACH numbers at US institutions (the institution's routing number),
 * EFT numbers at Canadian ones, BACS numbers and an IBAN at UK ones, an IBAN elsewhere.
 */
import type { components } from '@svc/spec/types';
import { withoutAnyNamespace } from '../../engine/index.js';
import { CANONICAL_ITEM } from '../world/index.js';
import { derivedDigits } from './seeded-random.js';

type AccountNumbers = components['schemas']['AccountNumbers'];

/** The routing number used when an institution lists none. */
export const DEFAULT_ROUTING_NUMBER = '011401533';

/** Wire routing number of every sandbox account. */
export const WIRE_ROUTING_NUMBER = '021000021';

/** The account prefix of the canonical Item, so the numbers match the API reference. */
const CANONICAL_PREFIX = '111122223333';

/** What numbers are derived from. */
export interface NumberedAccount {
  account_id: string;
  item_id: string;
  mask: string;
}

/** The institution facts numbers depend on. */
export interface NumberingInstitution {
  country_codes: readonly string[];
  routing_numbers: readonly string[];
}

/** 12 digits that, with the 4-digit mask, make the account number. */
function prefixOf(account: NumberedAccount): string {
  return withoutAnyNamespace(account.item_id) === CANONICAL_ITEM.itemId
    ? CANONICAL_PREFIX
    : derivedDigits(`${account.account_id}/number`, 12);
}

/** ISO 13616 check digits of an IBAN made of `country` and `bban`. */
export function ibanCheckDigits(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.toUpperCase();
  let remainder = 0;
  for (const character of rearranged) {
    const value = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of value) {
      remainder = (remainder * 10 + Number(digit)) % 97;
    }
  }
  return String(98 - remainder).padStart(2, '0');
}

/** The numbers of `accounts` (checking and savings accounts only: the caller selects them). */
export function accountNumbers(
  accounts: readonly NumberedAccount[],
  institution: NumberingInstitution,
): AccountNumbers {
  const numbers: AccountNumbers = { ach: [], eft: [], international: [], bacs: [] };
  const countries = institution.country_codes;
  const ibanCountry = countries.find((country) => country !== 'US' && country !== 'CA');
  for (const account of accounts) {
    const number = `${prefixOf(account)}${account.mask}`;
    if (countries.includes('US')) {
      numbers.ach.push({
        account: number,
        account_id: account.account_id,
        routing: institution.routing_numbers[0] ?? DEFAULT_ROUTING_NUMBER,
        wire_routing: WIRE_ROUTING_NUMBER,
      });
    }
    if (countries.includes('CA')) {
      numbers.eft.push({
        account: number.slice(-11),
        account_id: account.account_id,
        institution: '001',
        branch: derivedDigits(`${account.item_id}/branch`, 5),
      });
    }
    const sortCode = derivedDigits(`${account.item_id}/sort_code`, 6);
    const bacsAccount = number.slice(-8);
    if (countries.includes('GB')) {
      numbers.bacs.push({ account: bacsAccount, account_id: account.account_id, sort_code: sortCode });
    }
    if (ibanCountry) {
      const bban = `GNGH${sortCode}${bacsAccount}`;
      numbers.international.push({
        account_id: account.account_id,
        bic: `GNGH${ibanCountry}2L`,
        iban: `${ibanCountry}${ibanCheckDigits(ibanCountry, bban)}${bban}`,
      });
    }
  }
  return numbers;
}
