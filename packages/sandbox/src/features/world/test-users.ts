/**
 * The sandbox test users. `/sandbox/public_token/create` (and `/sandbox/processor_token/create`)
 * take `options.override_username` / `override_password`; the user decides what the new Item
 * holds and how it behaves. The spec's description of those options and the sandbox README list
 * them for people; `test/features/world/test-users-documented.test.ts` fails when they disagree.
 */

/** How an Item created with a test user behaves. */
export type TestUserBehaviour =
  /** Normal Item: transfer authorizations are decided by the available balance. */
  | 'good'
  /** Created through the same-day micro-deposits flow: accounts enabled for micro-deposit verification. */
  | 'micro_deposits'
  /** The login was reset: data reads answer `ITEM_LOGIN_REQUIRED`; authorizations are permitted with `LOGIN_REQUIRED`. */
  | 'login_reset'
  /** Every account has an available balance of exactly 0: authorizations are declined with `RISK`. */
  | 'zero_balance'
  /** Identity owners unavailable: asset reports warn `OWNERS_UNAVAILABLE`. */
  | 'owners_unavailable'
  /** The Item's institution never answers: data reads answer `INSTITUTION_NOT_RESPONDING`; authorizations are permitted with `ERROR`. */
  | 'institution_down'
  /** Any other test user: authorizations are permitted with `ERROR`. */
  | 'other';

/** One test user. */
export interface TestUser {
  username: string;
  password: string;
  behaviour: TestUserBehaviour;
  /** What a developer uses it for (README and spec). */
  purpose: string;
}

/** Every test user, the default first. */
export const TEST_USERS: readonly TestUser[] = [
  {
    username: 'user_good',
    password: 'pass_good',
    behaviour: 'good',
    purpose: 'default: checking, savings, credit card, student loan, mortgage and IRA accounts with balances',
  },
  {
    username: 'user_good',
    password: 'microdeposits_good',
    behaviour: 'micro_deposits',
    purpose:
      'same-day micro-deposits Item: checking and savings enabled for micro-deposit verification; authorizations permitted with MANUALLY_VERIFIED_ITEM',
  },
  {
    username: 'user_login_reset',
    password: 'pass_good',
    behaviour: 'login_reset',
    purpose: 'the login was reset: Item.error is ITEM_LOGIN_REQUIRED; authorizations permitted with LOGIN_REQUIRED',
  },
  {
    username: 'user_zero_balance',
    password: 'pass_good',
    behaviour: 'zero_balance',
    purpose: 'every account has an available balance of 0: authorizations declined with RISK',
  },
  {
    username: 'user_owners_unavailable',
    password: 'pass_good',
    behaviour: 'owners_unavailable',
    purpose: 'account owners are unavailable: asset reports carry the OWNERS_UNAVAILABLE warning',
  },
  {
    username: 'user_institution_down',
    password: 'pass_good',
    behaviour: 'institution_down',
    purpose:
      'the institution does not respond: data reads answer INSTITUTION_NOT_RESPONDING; authorizations permitted with ERROR',
  },
  {
    username: 'user_custom',
    password: 'pass_good',
    behaviour: 'other',
    purpose: 'an Item the sandbox cannot decide for: authorizations permitted with ERROR',
  },
];

/** The user an Item gets when no override is given. */
export const DEFAULT_TEST_USER: TestUser = TEST_USERS[0] as TestUser;

/** The outcome of a login with test credentials. */
export type TestLogin =
  | { ok: true; user: TestUser }
  | { ok: false; field: 'override_username' | 'override_password'; message: string };

/**
 * Logs in with `username` / `password` (defaults `user_good` / `pass_good`). An unknown username
 * or a password that is not one of that user's is refused, naming the known values.
 */
export function testLogin(username = DEFAULT_TEST_USER.username, password?: string): TestLogin {
  const candidates = TEST_USERS.filter((user) => user.username === username);
  if (candidates.length === 0) {
    const names = [...new Set(TEST_USERS.map((user) => user.username))].join(', ');
    return {
      ok: false,
      field: 'override_username',
      message: `${username} is not a sandbox test user; use one of ${names}`,
    };
  }
  const wanted = password ?? candidates[0]?.password;
  const user = candidates.find((candidate) => candidate.password === wanted);
  if (!user) {
    const passwords = candidates.map((candidate) => candidate.password).join(', ');
    return {
      ok: false,
      field: 'override_password',
      message: `this is not a password of test user ${username}; use one of ${passwords}`,
    };
  }
  return { ok: true, user };
}

/** The test user recorded on an Item (its key is `username/password`). */
export function testUserKey(user: TestUser): string {
  return `${user.username}/${user.password}`;
}

/** The test user of a stored key; the default user for an unknown key. */
export function testUserOf(key: string): TestUser {
  return TEST_USERS.find((user) => testUserKey(user) === key) ?? DEFAULT_TEST_USER;
}
