import type { components } from '@svc/spec/types';
import { expect, it } from 'vitest';
import { CANONICAL_APPLICATION_ID } from '../../../src/features/applications/applications.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';

type Scopes = components['schemas']['ApplicationScopes'];

const [CHECKING = '', SAVINGS = '', CREDIT_CARD = ''] = CANONICAL_ACCOUNT_IDS;
const ACCESS_TOKEN = CANONICAL_ITEM.accessToken;
const UNCONNECTED_APPLICATION_ID = 'app_7Tq4Mn8Zx2Lr5Wk9Hd3Pv6Sb';

const REQUESTED = {
  required_product_access: { statements: false, identity: false, auth: true, transactions: true },
  optional_product_access: { statements: false, identity: true, auth: false, transactions: false },
  account_filters: { depository: ['checking', 'savings'], credit: [], loan: [], investment: [] },
  account_selection_cardinality: 'SINGLE_SELECT',
};
const PRODUCTS = { statements: false, identity: false, auth: true, transactions: true };

function scopes(accounts: Scopes['accounts'], product_access = PRODUCTS): Scopes {
  return { product_access, accounts, new_accounts: false };
}

describeEngines('connected applications', (sandbox) => {
  async function newItem(as: 'default' | 'demo' = 'default') {
    const { public_token } = await sandbox().ok(
      'sandboxPublicTokenCreate',
      { institution_id: 'ins_109508', initial_products: ['auth'] },
      as,
    );
    return sandbox().ok('itemPublicTokenExchange', { public_token }, as);
  }

  async function scopesOn(accessToken: string) {
    const { applications } = await sandbox().ok('itemApplicationList', { access_token: accessToken });
    return applications.find((application) => application.application_id === CANONICAL_APPLICATION_ID)?.scopes;
  }

  it('lists the application connected to the canonical Item, sharing its checking account, as in the docs', async () => {
    // The first test of the file: the store is as seeded.
    const { applications } = await sandbox().ok('itemApplicationList', { access_token: ACCESS_TOKEN });
    expect(applications).toEqual([
      {
        application_id: CANONICAL_APPLICATION_ID,
        name: 'Gingham Budget',
        logo: null,
        logo_url: 'https://www.example.com/gingham-budget/logo.png',
        application_url: 'https://www.example.com/gingham-budget',
        reason_for_access: 'Shows your spending by category and warns you before a low balance.',
        created_at: '2026-11-03',
        product_data_types: ['ACCOUNT_BALANCE'],
        scopes: scopes([
          { unique_id: CHECKING, authorized: true },
          { unique_id: SAVINGS, authorized: false },
        ]),
        requested_scopes: REQUESTED,
      },
    ]);
  });

  it('lists without access_token every application connected to any Item of the client, once, with scopes null', async () => {
    await newItem();
    const { applications } = await sandbox().ok('itemApplicationList', {});
    expect(applications.map((application) => [application.application_id, application.scopes])).toEqual([
      [CANONICAL_APPLICATION_ID, null],
    ]);
  });

  it('lists nothing for a client without Items, and the application once the client has one', async () => {
    expect(await sandbox().ok('itemApplicationList', {}, 'demo')).toMatchObject({ applications: [] });
    await newItem('demo');
    const { applications } = await sandbox().ok('itemApplicationList', {}, 'demo');
    expect(applications.map((application) => application.application_id)).toEqual([CANONICAL_APPLICATION_ID]);
  });

  it('refuses an invalid or another client’s access token', async () => {
    const reply = await sandbox().fail('itemApplicationList', { access_token: ACCESS_TOKEN }, 'demo');
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
  });

  it('refuses a rotated access token in list and scopes update, though its Item’s accounts and scopes are read with it', async () => {
    const item = await newItem();
    const wanted = scopes([], { statements: false, identity: false, auth: false, transactions: false });
    await sandbox().ok('itemApplicationScopesUpdate', {
      access_token: item.access_token,
      application_id: CANONICAL_APPLICATION_ID,
      scopes: wanted,
    });
    const { new_access_token } = await sandbox().ok('itemAccessTokenInvalidate', { access_token: item.access_token });
    const listed = await sandbox().fail('itemApplicationList', { access_token: item.access_token });
    expect(listed.body).toMatchObject({ error_code: 'INVALID_ACCESS_TOKEN' });
    const updated = await sandbox().fail('itemApplicationScopesUpdate', {
      access_token: item.access_token,
      application_id: CANONICAL_APPLICATION_ID,
      scopes: scopes([], PRODUCTS),
    });
    expect(updated.body).toMatchObject({ error_code: 'INVALID_ACCESS_TOKEN' });
    expect(await scopesOn(new_access_token)).toEqual(wanted);
  });

  it('replaces the scopes as a whole; the same scopes twice change nothing more', async () => {
    const item = await newItem();
    const before = await scopesOn(item.access_token);
    const [checking, savings] = before?.accounts.map((entry) => entry.unique_id) ?? [];
    const wanted = scopes(
      [
        { unique_id: checking ?? '', authorized: false },
        { unique_id: savings ?? '', authorized: true },
      ],
      { ...PRODUCTS, identity: true },
    );
    for (let round = 0; round < 2; round++) {
      await sandbox().ok('itemApplicationScopesUpdate', {
        access_token: item.access_token,
        application_id: CANONICAL_APPLICATION_ID,
        scopes: wanted,
      });
      expect(await scopesOn(item.access_token)).toEqual(wanted);
    }
    const revoked = scopes([], { statements: false, identity: false, auth: false, transactions: false });
    await sandbox().ok('itemApplicationScopesUpdate', {
      access_token: item.access_token,
      application_id: CANONICAL_APPLICATION_ID,
      scopes: revoked,
    });
    expect(await scopesOn(item.access_token)).toEqual(revoked);
  });

  it('keeps scopes per Item: changing them on one Item leaves another unchanged', async () => {
    const first = await newItem();
    const second = await newItem();
    const untouched = await scopesOn(second.access_token);
    await sandbox().ok('itemApplicationScopesUpdate', {
      access_token: first.access_token,
      application_id: CANONICAL_APPLICATION_ID,
      scopes: scopes([]),
    });
    expect(await scopesOn(second.access_token)).toEqual(untouched);
    expect(untouched?.accounts.length).toBe(2);
  });

  it.each([
    {
      name: 'a product the application did not request',
      scopes: scopes([], { ...PRODUCTS, statements: true }),
      type: 'INVALID_INPUT',
      code: 'INVALID_SCOPES',
      message: `scopes.product_access.statements cannot be true: application ${CANONICAL_APPLICATION_ID} did not request statements`,
    },
    {
      name: 'two accounts for a SINGLE_SELECT application',
      scopes: scopes([
        { unique_id: CHECKING, authorized: true },
        { unique_id: SAVINGS, authorized: true },
      ]),
      type: 'INVALID_INPUT',
      code: 'INVALID_SCOPES',
      message: `scopes.accounts authorizes 2 accounts but application ${CANONICAL_APPLICATION_ID} allows one (account_selection_cardinality SINGLE_SELECT)`,
    },
    {
      name: 'an account its account_filters exclude',
      scopes: scopes([{ unique_id: CREDIT_CARD, authorized: true }]),
      type: 'INVALID_INPUT',
      code: 'INVALID_SCOPES',
      message: `scopes.accounts authorizes ${CREDIT_CARD}`,
    },
    {
      name: 'an account that is not the Item’s',
      scopes: scopes([{ unique_id: 'xyz', authorized: false }]),
      type: 'INVALID_INPUT',
      code: 'INVALID_ACCOUNT_ID',
      message: 'scopes.accounts[0].unique_id is not an account_id of this item: xyz',
    },
    {
      name: 'an account listed twice',
      scopes: scopes([
        { unique_id: CHECKING, authorized: true },
        { unique_id: CHECKING, authorized: false },
      ]),
      type: 'INVALID_REQUEST',
      code: 'INVALID_FIELD',
      message: `scopes.accounts lists unique_id ${CHECKING} more than once`,
    },
  ])('refuses $name and keeps the scopes', async ({ scopes: given, type, code, message }) => {
    const before = await scopesOn(ACCESS_TOKEN);
    const reply = await sandbox().fail('itemApplicationScopesUpdate', {
      access_token: ACCESS_TOKEN,
      application_id: CANONICAL_APPLICATION_ID,
      scopes: given,
    });
    expect(reply.body).toMatchObject({ error_type: type, error_code: code });
    expect(reply.body.error_message).toContain(message);
    expect(await scopesOn(ACCESS_TOKEN)).toEqual(before);
  });

  it('accepts an account its filters exclude when it is listed as not authorized', async () => {
    await sandbox().ok('itemApplicationScopesUpdate', {
      access_token: ACCESS_TOKEN,
      application_id: CANONICAL_APPLICATION_ID,
      scopes: scopes([
        { unique_id: CHECKING, authorized: true },
        { unique_id: CREDIT_CARD, authorized: false },
      ]),
    });
  });

  it.each([
    ['an unknown application', 'app_0000000000000000000000'],
    ['an application not connected to the Item', UNCONNECTED_APPLICATION_ID],
  ])('refuses to update the scopes of %s with INVALID_APPLICATION_ID', async (_name, application_id) => {
    const reply = await sandbox().fail('itemApplicationScopesUpdate', {
      access_token: ACCESS_TOKEN,
      application_id,
      scopes: scopes([]),
    });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_APPLICATION_ID' });
  });

  it('lets a financial institution (the default client) read any application, with scopes null', async () => {
    for (const application_id of [CANONICAL_APPLICATION_ID, UNCONNECTED_APPLICATION_ID]) {
      const { application } = await sandbox().ok('applicationGet', { application_id });
      expect(application).toMatchObject({ application_id, scopes: null });
    }
    const unknown = await sandbox().fail('applicationGet', { application_id: 'app_0000000000000000000000' });
    expect(unknown.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_APPLICATION_ID' });
  });

  it('refuses /application/get to a client that is not a financial institution', async () => {
    const reply = await sandbox().fail('applicationGet', { application_id: CANONICAL_APPLICATION_ID }, 'demo');
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'PRODUCT_NOT_ENABLED' });
  });
});
