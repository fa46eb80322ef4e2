/**
 * The errors about Items, their tokens and their accounts, each worded in one place: every
 * feature that refuses a token or an account raises it through these functions (through the
 * items index), so a code reads the same whichever operation answers it.
 */
import { invalidField, invalidInput, redactedUrl, SandboxError } from '../../engine/index.js';
import { kindName } from './coverage.js';

/**
 * `INVALID_ACCESS_TOKEN`: unknown, malformed, rotated, removed or another client's, worded the
 * same in every case. `field` names where the token was sent (`access_tokens[2]` for a list).
 */
export function invalidAccessToken(field = 'access_token'): SandboxError {
  return invalidInput(
    'INVALID_ACCESS_TOKEN',
    `${field} is not a valid access token: it is unknown, was rotated by /item/access_token/invalidate, or its Item was removed`,
    'Use the access token returned by the latest exchange or invalidation of an Item that was not removed.',
  );
}

/** `INVALID_PROCESSOR_TOKEN`: unknown, another client's, or its Item was removed. */
export function invalidProcessorToken(): SandboxError {
  return invalidInput(
    'INVALID_PROCESSOR_TOKEN',
    'processor_token is not a valid processor token: it is unknown, or its Item was removed',
    'Create a processor token with /processor/token/create for an Item that was not removed.',
  );
}

/** Why a public token cannot be exchanged; `canonical-used` is the docs' public token, exchanged before. */
export type PublicTokenProblem = 'unknown' | 'item-removed' | 'canonical-used';

const PUBLIC_TOKEN_PROBLEMS: Record<PublicTokenProblem, string> = {
  unknown: 'it is unknown, expired (public tokens live 30 minutes) or already exchanged',
  'item-removed': 'its Item was removed',
  'canonical-used':
    'it is the public token of the docs, which works once per sandbox store and was exchanged already (or has expired)',
};

const NEW_PUBLIC_TOKEN = 'Create a new public token and exchange it within 30 minutes, once.';

/** `INVALID_PUBLIC_TOKEN`, saying why and how to get a fresh one. */
export function invalidPublicToken(problem: PublicTokenProblem): SandboxError {
  return invalidInput(
    'INVALID_PUBLIC_TOKEN',
    `public_token is not valid: ${PUBLIC_TOKEN_PROBLEMS[problem]}`,
    problem === 'canonical-used'
      ? 'Start the sandbox again with --reset (npm start -- --reset) to seed it afresh, or create a public token with /sandbox/public_token/create (institution_id ins_109508, initial_products ["auth"]) and exchange that within 30 minutes.'
      : NEW_PUBLIC_TOKEN,
  );
}

/**
 * The message of `INVALID_ACCOUNT_ID`: `field` names accounts that are not accounts of the Item
 * or, when `eligible` is given, not accounts of that kind (`checking or savings`) of the Item.
 * `options.account_ids` is a list; any other field holds one id (`account_id`, or an
 * `account_id` held by another field such as `scopes.accounts[0].unique_id`).
 */
export function invalidAccountIdMessage(
  field: string,
  accountIds: readonly string[],
  eligible?: 'checking or savings',
): string {
  const ids = accountIds.join(', ');
  if (field === 'options.account_ids') {
    return `${field} has ids that are not ${eligible ? `${eligible} ` : ''}accounts of this item: ${ids}`;
  }
  const noun = eligible ? `a ${eligible} account` : field === 'account_id' ? 'an account' : 'an account_id';
  return `${field} is not ${noun} of this item: ${ids}`;
}

/** `INVALID_ACCOUNT_ID`, worded by {@link invalidAccountIdMessage}. */
export function invalidAccountId(
  field: string,
  accountIds: readonly string[],
  eligible?: 'checking or savings',
): SandboxError {
  return invalidInput(
    'INVALID_ACCOUNT_ID',
    invalidAccountIdMessage(field, accountIds, eligible),
    'Use an account_id returned for this Item, for example by /auth/get.',
  );
}

/**
 * `ACCOUNT_NOT_SUPPORTED`: `subject` (`account_id …`, `the account behind processor_token`) is
 * an account of a kind `use` (`auth covers`, `signal evaluates ACH debits from`) does not take:
 * every such use takes checking and savings accounts only.
 */
export function accountNotSupported(
  subject: string,
  account: { type: string; subtype: string },
  use: string,
): SandboxError {
  return invalidInput(
    'ACCOUNT_NOT_SUPPORTED',
    `${subject} is a ${kindName(account)} account; ${use} checking and savings accounts only`,
    'Choose a checking or savings account of the Item.',
  );
}

/** Why an Item cannot serve a product. */
export type UnsupportedProducts =
  /** The Item was created by `/bank_transfer/migrate_account`. */
  | { reason: 'bank-transfer-only'; product: string }
  /** The institution does not offer the products. */
  | { reason: 'institution'; institutionId: string; products: readonly string[]; offered: readonly string[] }
  /** The Item was not created with the product among its initial products; `field` names its token. */
  | { reason: 'not-initial'; field: string; product: string };

/** `ITEM_ERROR` / `PRODUCTS_NOT_SUPPORTED`, saying why. */
export function productsNotSupported(problem: UnsupportedProducts): SandboxError {
  switch (problem.reason) {
    case 'bank-transfer-only':
      return itemCodeError(
        'PRODUCTS_NOT_SUPPORTED',
        `this item was created by /bank_transfer/migrate_account and serves bank transfers only, not the ${problem.product} product`,
        'Use /bank_transfer/create with this Item, or connect the account through Link for other products.',
      );
    case 'institution':
      return itemCodeError(
        'PRODUCTS_NOT_SUPPORTED',
        `institution ${problem.institutionId} does not support ${problem.products.join(', ')}; it supports ${problem.offered.join(', ')}`,
        'Choose products the institution supports, or another institution.',
      );
    case 'not-initial':
      return itemCodeError(
        'PRODUCTS_NOT_SUPPORTED',
        `${problem.field}: the Item was not created with the ${problem.product} product`,
        `Create the Item with ${problem.product} among its initial products.`,
      );
  }
}

/**
 * `INSTITUTION_ERROR` / `INSTITUTION_NOT_RESPONDING`: the Item's institution did not answer (the
 * test user `user_institution_down` is at an institution that never answers).
 */
export function institutionNotResponding(institutionId: string): SandboxError {
  return new SandboxError({
    type: 'INSTITUTION_ERROR',
    code: 'INSTITUTION_NOT_RESPONDING',
    message: `institution ${institutionId} did not respond to the request for this Item's data`,
    suggestedAction: 'Retry the request later.',
  });
}

/** `SANDBOX_ERROR` / `SANDBOX_ITEM_WEBHOOK_NOT_SET`: `/sandbox/item/fire_webhook` on an Item without a webhook URL. */
export function sandboxItemWebhookNotSet(itemId: string, webhookCode: string): SandboxError {
  return new SandboxError({
    type: 'SANDBOX_ERROR',
    code: 'SANDBOX_ITEM_WEBHOOK_NOT_SET',
    message: `Item ${itemId} has no webhook URL, so webhook_code ${webhookCode} cannot be sent`,
    suggestedAction: "Set the Item's webhook URL with /item/webhook/update, then fire the webhook again.",
  });
}

/** `ITEM_ERROR` / `ITEM_LOGIN_REQUIRED`: the user must log in again before data can be read. */
export function itemLoginRequired(): SandboxError {
  return itemCodeError(
    'ITEM_LOGIN_REQUIRED',
    'the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information',
    'Send the user through the update flow to log in again.',
  );
}

/**
 * `ITEM_ERROR` / `INVALID_CREDENTIALS`: `options.<field>` (`override_username` or
 * `override_password`) names no sandbox test user; `problem` says which values exist.
 */
export function invalidCredentials(field: string, problem: string): SandboxError {
  return new SandboxError({
    type: 'ITEM_ERROR',
    code: 'INVALID_CREDENTIALS',
    message: `options.${field}: ${problem}`,
    displayMessage: 'The provided credentials were not correct. Please try again.',
    suggestedAction: 'Use one of the sandbox test users (see /sandbox/public_token/create).',
  });
}

/** `INVALID_FIELD`: the webhook URL in `field` is refused by the sandbox's URL policy, for `reason`. */
export function webhookRefused(field: string, url: string, reason: string): SandboxError {
  // Never repeat a credential: the URL without user name, password or query.
  return invalidField(field, `${redactedUrl(url)} ${reason}`);
}

/** `INVALID_INPUT` / `PRODUCT_NOT_ENABLED`: `/item/import` needs an exchange integration, which the client lacks. */
export function importNotEnabled(): SandboxError {
  return invalidInput(
    'PRODUCT_NOT_ENABLED',
    'your client account is not enabled for /item/import: no exchange integration is set up',
    'Contact support to set up an exchange integration.',
  );
}

/** `INVALID_FIELD`: a processor token needs a checking account, and test user `username` has none. */
export function noCheckingAccount(username: string): SandboxError {
  return invalidField('options.override_username', `test user ${username} has no checking account`);
}

/** `SANDBOX_ERROR` / `MICRO_DEPOSITS_NOT_ENABLED`: the account was not created through the micro-deposit flow. */
export function microDepositsNotEnabled(accountId: string): SandboxError {
  return new SandboxError({
    type: 'SANDBOX_ERROR',
    code: 'MICRO_DEPOSITS_NOT_ENABLED',
    message: `account_id ${accountId} is not enabled for micro-deposit verification`,
    suggestedAction: 'Use an account of an Item created through the micro-deposit verification flow.',
  });
}

/** An `ITEM_ERROR` of `code`. */
function itemCodeError(code: string, message: string, suggestedAction: string): SandboxError {
  return new SandboxError({ type: 'ITEM_ERROR', code, message, suggestedAction });
}
