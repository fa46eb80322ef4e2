import type { components } from '@svc/spec/types';
import { expect, it } from 'vitest';
import { CANONICAL_ASSET_REPORT, CANONICAL_AUDIT_COPY } from '../../../src/features/asset-reports/canonical.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';
import { rowCount } from '../../support/row-count.js';

type Product = components['schemas']['Product'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeEngines('asset reports and audit copies', (sandbox) => {
  /** A new Item of the default client (or `as`), with its access token. */
  async function newItem(
    options: { user?: string; password?: string; products?: Product[]; as?: 'default' | 'demo' } = {},
  ): Promise<{ access_token: string; item_id: string }> {
    const { public_token } = await sandbox().ok(
      'sandboxPublicTokenCreate',
      {
        institution_id: 'ins_109508',
        initial_products: options.products ?? ['assets', 'transactions'],
        options: { override_username: options.user ?? 'user_good', override_password: options.password ?? 'pass_good' },
      },
      options.as,
    );
    return sandbox().ok('itemPublicTokenExchange', { public_token }, options.as);
  }

  /** A new report over `tokens` and an audit copy of it. */
  async function reportWithCopy(tokens: string[], days = 30) {
    const report = await sandbox().ok('sandboxAssetReportCreate', { access_tokens: tokens, days_requested: days });
    const { audit_copy_token } = await sandbox().ok('assetReportAuditCopyCreate', {
      asset_report_token: report.asset_report_token,
      auditor_id: 'gingham_lending_audit',
    });
    return { ...report, audit_copy_token };
  }

  it('serves the canonical audit copy and report of the docs on a fresh store', async () => {
    // The first test of the file: the store is as seeded.
    const { report, warnings } = await sandbox().ok('assetReportAuditCopyGet', {
      audit_copy_token: CANONICAL_AUDIT_COPY.auditCopyToken,
    });
    expect(warnings).toEqual([]);
    expect(report).toMatchObject({
      asset_report_id: CANONICAL_ASSET_REPORT.assetReportId,
      client_report_id: CANONICAL_ASSET_REPORT.clientReportId,
      days_requested: 90,
      user: CANONICAL_ASSET_REPORT.user,
    });
    expect(report.items.map((item) => item.item_id)).toEqual([CANONICAL_ITEM.itemId]);
    expect(report.items[0]?.institution_name).toBe('First Gingham Bank');
    expect(report.items[0]?.accounts.map((account) => account.account_id)).toEqual([...CANONICAL_ACCOUNT_IDS]);
    const copy = await sandbox().ok('assetReportAuditCopyCreate', {
      asset_report_token: CANONICAL_ASSET_REPORT.assetReportToken,
      auditor_id: 'gingham_lending_audit',
    });
    expect(copy.audit_copy_token).toMatch(/^a-sandbox-[A-Z2-7]{26}$/);
  });

  it('generates a report over an Item created with assets: accounts with transactions, balance history and owners', async () => {
    const item = await newItem();
    const created = await sandbox().ok('sandboxAssetReportCreate', {
      access_tokens: [item.access_token],
      days_requested: 60,
      options: { client_report_id: 'loan-1', user: { client_user_id: 'u-1', first_name: 'Alberta' } },
    });
    expect(created.asset_report_token).toMatch(/^assets-sandbox-/);
    expect(created.asset_report_token.slice('assets-sandbox-'.length)).toMatch(UUID);
    expect(created.asset_report_id).toMatch(UUID);
    const { audit_copy_token } = await sandbox().ok('assetReportAuditCopyCreate', {
      asset_report_token: created.asset_report_token,
      auditor_id: 'gingham_lending_audit',
    });
    const { report, warnings } = await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token });
    expect(warnings).toEqual([]);
    expect(report).toMatchObject({
      asset_report_id: created.asset_report_id,
      client_report_id: 'loan-1',
      date_generated: sandbox().clock.now().toISOString(),
      days_requested: 60,
      user: {
        client_user_id: 'u-1',
        first_name: 'Alberta',
        middle_name: null,
        last_name: null,
        ssn: null,
        phone_number: null,
        email: null,
      },
    });
    const [reportItem] = report.items;
    expect(reportItem?.item_id).toBe(item.item_id);
    const checking = reportItem?.accounts.find((account) => account.subtype === 'checking');
    expect(checking?.transactions.length).toBeGreaterThan(5);
    expect(checking?.historical_balances[0]).toMatchObject({ current: checking?.balances.current });
    expect(checking?.historical_balances.length).toBeGreaterThan(1);
    expect(checking?.owners[0]?.names).toEqual(['Alberta Bobbeth Charleson']);
    expect(checking?.days_available).toBe(60);
  });

  it('reports the transactions /transactions/get serves, refreshes included', async () => {
    const item = await newItem();
    await sandbox().ok('transactionsRefresh', { access_token: item.access_token });
    sandbox().clock.advance(2 * 24 * 60 * 60 * 1000);
    await sandbox().ok('transactionsRefresh', { access_token: item.access_token });
    const { audit_copy_token } = await reportWithCopy([item.access_token], 30);
    const { report } = await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token });
    const today = sandbox().clock.now().toISOString().slice(0, 10);
    const start = new Date(Date.parse(today) - 29 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const served = await sandbox().ok('transactionsGet', {
      access_token: item.access_token,
      start_date: start,
      end_date: today,
      options: { count: 500 },
    });
    const reported = (report.items[0]?.accounts ?? []).flatMap((account) => account.transactions);
    expect(reported.map((transaction) => transaction.transaction_id).sort()).toEqual(
      served.transactions.map((transaction) => transaction.transaction_id).sort(),
    );
    expect(reported.some((transaction) => transaction.pending_transaction_id !== null)).toBe(true);
  });

  it('reports each entry of access_tokens from its own Item, all read at once, as a report of that Item alone', async () => {
    const refreshed = await newItem();
    await sandbox().ok('transactionsRefresh', { access_token: refreshed.access_token });
    const generatedOnly = await newItem({ products: ['assets'] });
    const otherUser = await newItem({ user: 'user_owners_unavailable' });
    const tokens = [refreshed.access_token, generatedOnly.access_token, otherUser.access_token];
    const itemsOf = async (access_tokens: string[]) => {
      const { audit_copy_token } = await reportWithCopy(access_tokens, 30);
      return (await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token })).report.items;
    };
    const together = await itemsOf(tokens);
    expect(together.map((item) => item.item_id)).toEqual([refreshed.item_id, generatedOnly.item_id, otherUser.item_id]);
    for (const [index, token] of tokens.entries()) {
      expect(together[index]).toEqual((await itemsOf([token]))[0]);
    }
  });

  it('stores no report when an entry of access_tokens is refused', async () => {
    const good = await newItem();
    const db = sandbox().sandbox.store.db;
    const count = () => rowCount(db, 'asset_reports');
    const before = await count();
    const reply = await sandbox().fail('sandboxAssetReportCreate', {
      access_tokens: [good.access_token, 'access-sandbox-nope'],
      days_requested: 30,
    });
    expect(reply.body.error_code).toBe('INVALID_ACCESS_TOKEN');
    expect(await count()).toBe(before);
  });

  it('gives a report of 0 days no transactions and no balance history, and nulls for what the owner did not give', async () => {
    const item = await newItem();
    const { audit_copy_token } = await reportWithCopy([item.access_token], 0);
    const { report } = await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token });
    expect(report.client_report_id).toBeNull();
    expect(Object.values(report.user).every((value) => value === null)).toBe(true);
    for (const account of report.items[0]?.accounts ?? []) {
      expect(account.transactions).toEqual([]);
      expect(account.historical_balances).toEqual([]);
    }
  });

  it('warns OWNERS_UNAVAILABLE, with the cause, for an Item of user_owners_unavailable only', async () => {
    const good = await newItem();
    const unavailable = await newItem({ user: 'user_owners_unavailable' });
    const { audit_copy_token } = await reportWithCopy([good.access_token, unavailable.access_token]);
    const { report, warnings } = await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token });
    expect(warnings).toEqual([
      {
        warning_type: 'ASSET_REPORT_WARNING',
        warning_code: 'OWNERS_UNAVAILABLE',
        cause: {
          item_id: unavailable.item_id,
          error: expect.objectContaining({ error_type: 'ITEM_ERROR', error_code: 'PRODUCTS_NOT_SUPPORTED' }),
        },
      },
    ]);
    expect(report.items.map((item) => item.item_id)).toEqual([good.item_id, unavailable.item_id]);
    expect(report.items[1]?.accounts.every((account) => account.owners.length === 0)).toBe(true);
    expect(report.items[0]?.accounts.every((account) => account.owners.length > 0)).toBe(true);
  });

  it.each([
    {
      name: 'an Item created without assets',
      setup: () => newItem({ products: ['auth'] }),
      type: 'ITEM_ERROR',
      code: 'PRODUCTS_NOT_SUPPORTED',
      message: 'access_tokens[1]: the Item was not created with the assets product',
    },
    {
      name: 'an Item whose login was reset',
      setup: () => newItem({ user: 'user_login_reset' }),
      type: 'ITEM_ERROR',
      code: 'ITEM_LOGIN_REQUIRED',
      message: 'login',
    },
    {
      name: "another client's Item",
      setup: () => newItem({ as: 'demo' }),
      type: 'INVALID_INPUT',
      code: 'INVALID_ACCESS_TOKEN',
      message: 'access_tokens[1] is not a valid access token',
    },
    {
      name: 'a removed Item',
      setup: async () => {
        const item = await newItem();
        await sandbox().ok('itemRemove', { access_token: item.access_token });
        return item;
      },
      type: 'INVALID_INPUT',
      code: 'INVALID_ACCESS_TOKEN',
      message: 'access_tokens[1] is not a valid access token',
    },
  ])('refuses to generate a report over $name, naming the entry', async ({ setup, type, code, message }) => {
    const good = await newItem();
    const bad = await setup();
    const reply = await sandbox().fail('sandboxAssetReportCreate', {
      access_tokens: [good.access_token, bad.access_token],
      days_requested: 30,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error_type: type, error_code: code });
    expect(reply.body.error_message).toContain(message);
  });

  it('makes a new audit copy on each call; each is readable', async () => {
    const item = await newItem();
    const { asset_report_token, asset_report_id } = await sandbox().ok('sandboxAssetReportCreate', {
      access_tokens: [item.access_token],
      days_requested: 10,
    });
    const tokens = new Set<string>();
    for (const auditor_id of ['gingham_lending_audit', 'gingham_lending_audit', 'fannie_mae']) {
      tokens.add(
        (await sandbox().ok('assetReportAuditCopyCreate', { asset_report_token, auditor_id })).audit_copy_token,
      );
    }
    expect(tokens.size).toBe(3);
    for (const audit_copy_token of tokens) {
      expect((await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token })).report.asset_report_id).toBe(
        asset_report_id,
      );
    }
  });

  it('refuses an unknown auditor and an asset report token that is unknown or another client’s', async () => {
    const auditor = await sandbox().fail('assetReportAuditCopyCreate', {
      asset_report_token: CANONICAL_ASSET_REPORT.assetReportToken,
      auditor_id: 'gingham_unknown_audit',
    });
    expect(auditor.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_AUDITOR_ID' });
    expect(auditor.body.error_message).toBe('auditor_id is not a known auditor: gingham_unknown_audit');
    const others = await sandbox().fail(
      'assetReportAuditCopyCreate',
      { asset_report_token: CANONICAL_ASSET_REPORT.assetReportToken, auditor_id: 'gingham_lending_audit' },
      'demo',
    );
    const unknown = await sandbox().fail('assetReportAuditCopyCreate', {
      asset_report_token: 'assets-sandbox-00000000-0000-0000-0000-000000000000',
      auditor_id: 'gingham_lending_audit',
    });
    for (const reply of [others, unknown]) {
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ASSET_REPORT_TOKEN' });
    }
    expect(others.body.error_message).toBe(unknown.body.error_message);
  });

  it('lets any client holding the audit copy token read it (the auditor)', async () => {
    const item = await newItem();
    const { audit_copy_token, asset_report_id } = await reportWithCopy([item.access_token]);
    const read = await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token }, 'demo');
    expect(read.report.asset_report_id).toBe(asset_report_id);
  });

  it('refuses an unknown audit copy token', async () => {
    const reply = await sandbox().fail('assetReportAuditCopyGet', {
      audit_copy_token: 'a-sandbox-AAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_AUDIT_COPY_TOKEN' });
  });

  it('removes an audit copy: its token is refused for every holder; the Item, the report and other copies stay reachable', async () => {
    const item = await newItem();
    const report = await sandbox().ok('sandboxAssetReportCreate', {
      access_tokens: [item.access_token],
      days_requested: 10,
    });
    const copy = (auditor_id: string) =>
      sandbox().ok('assetReportAuditCopyCreate', { asset_report_token: report.asset_report_token, auditor_id });
    const removed = (await copy('gingham_lending_audit')).audit_copy_token;
    const kept = (await copy('fannie_mae')).audit_copy_token;
    expect(await sandbox().ok('assetReportAuditCopyRemove', { audit_copy_token: removed })).toMatchObject({
      removed: true,
    });
    for (const as of ['default', 'demo'] as const) {
      const reply = await sandbox().fail('assetReportAuditCopyGet', { audit_copy_token: removed }, as);
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_AUDIT_COPY_TOKEN' });
    }
    expect((await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token: kept })).report.asset_report_id).toBe(
      report.asset_report_id,
    );
    const fresh = await copy('gingham_lending_audit');
    expect(
      (await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token: fresh.audit_copy_token })).report
        .asset_report_id,
    ).toBe(report.asset_report_id);
    await sandbox().ok('sandboxAssetReportCreate', { access_tokens: [item.access_token], days_requested: 1 });
  });

  it('removes only for the owner: another client (the auditor) is refused and removes nothing', async () => {
    const item = await newItem();
    const { audit_copy_token } = await reportWithCopy([item.access_token]);
    const reply = await sandbox().fail('assetReportAuditCopyRemove', { audit_copy_token }, 'demo');
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_AUDIT_COPY_TOKEN' });
    expect(reply.body.error_message).toContain('only the owner of the asset report can remove it');
    await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token }, 'demo');
  });

  it('refuses to remove an audit copy twice', async () => {
    const item = await newItem();
    const { audit_copy_token } = await reportWithCopy([item.access_token]);
    await sandbox().ok('assetReportAuditCopyRemove', { audit_copy_token });
    const again = await sandbox().fail('assetReportAuditCopyRemove', { audit_copy_token });
    expect(again.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_AUDIT_COPY_TOKEN' });
    expect(again.body.error_message).toContain('unknown or the audit copy was removed');
  });

  it('lets exactly one of two concurrent removals of one audit copy succeed', async () => {
    const item = await newItem();
    const { audit_copy_token } = await reportWithCopy([item.access_token]);
    const replies = await Promise.all([
      sandbox().call('assetReportAuditCopyRemove', { audit_copy_token }),
      sandbox().call('assetReportAuditCopyRemove', { audit_copy_token }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
  });

  it('keeps a report as generated: removing its Item or verifying an account later changes nothing in it', async () => {
    const item = await newItem({ password: 'microdeposits_good' });
    const { audit_copy_token } = await reportWithCopy([item.access_token]);
    const before = await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token });
    const checking = before.report.items[0]?.accounts[0];
    expect(checking?.verification_status).toBeNull();
    await sandbox().ok('sandboxItemSetVerificationStatus', {
      access_token: item.access_token,
      account_id: checking?.account_id ?? '',
      verification_status: 'automatically_verified',
    });
    await sandbox().ok('itemRemove', { access_token: item.access_token });
    sandbox().clock.advance(24 * 60 * 60 * 1000);
    const after = await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token });
    expect(after.report).toEqual(before.report);
  });

  it('reports the verification status an account had when the report was generated', async () => {
    const item = await newItem({ password: 'microdeposits_good' });
    const first = await reportWithCopy([item.access_token]);
    const accountId =
      (await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token: first.audit_copy_token })).report.items[0]
        ?.accounts[1]?.account_id ?? '';
    await sandbox().ok('sandboxItemSetVerificationStatus', {
      access_token: item.access_token,
      account_id: accountId,
      verification_status: 'verification_expired',
    });
    const second = await reportWithCopy([item.access_token]);
    const account = (await sandbox().ok('assetReportAuditCopyGet', { audit_copy_token: second.audit_copy_token }))
      .report.items[0]?.accounts[1];
    expect(account).toMatchObject({ account_id: accountId, verification_status: 'verification_expired' });
  });
});
