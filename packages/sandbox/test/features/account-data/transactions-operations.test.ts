import { readFileSync } from 'node:fs';
import { verifyWebhook } from '@svc/client';
import { createDocumentValidator, type OpenApiDocument } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { afterEach, expect, it } from 'vitest';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM, DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';
import { exchangedItem } from '../../support/items.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import { allTransactions, YEAR } from '../../support/transactions.js';

const [CHECKING, , CREDIT_CARD] = CANONICAL_ACCOUNT_IDS;
const access_token = CANONICAL_ITEM.accessToken;
const validator = createDocumentValidator(JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument);

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/**
 * The verified payload of a delivery, checked against the webhook's schema. The signature's time
 * is the machine's (what a receiver compares with its own clock), not the sandbox's test clock.
 */
async function payloadOf(body: string, signature: unknown, schema: string) {
  const secret = DEFAULT_CLIENT.webhookSecret;
  const payload = (await verifyWebhook(body, { signature: signature as string, secret })) as Record<string, unknown>;
  const check = validator.validate(`#/components/schemas/${schema}`, payload);
  expect(check.errors).toEqual([]);
  return payload;
}

describeEngines('transactions', (sandbox) => {
  const newItem = (initial_products: ('auth' | 'transactions')[] = ['transactions'], webhook?: string) =>
    exchangedItem(sandbox(), initial_products, webhook);

  async function outboxOf(itemId: string) {
    return sandbox()
      .sandbox.store.db.selectFrom('webhook_outbox')
      .select(['webhook_code', 'body', 'url'])
      .where('item_id', '=', itemId)
      .orderBy('id')
      .execute();
  }

  it('get: newest first with a stable order, the same on every call', async () => {
    const list = await allTransactions(sandbox(), access_token);
    expect(list.length).toBeGreaterThan(300);
    for (let index = 1; index < list.length; index++) {
      expect((list[index - 1]?.date ?? '') >= (list[index]?.date ?? '')).toBe(true);
    }
    expect(await allTransactions(sandbox(), access_token)).toEqual(list);
  });

  it('get: count/offset pages add up to total_transactions without gaps or repeats; 100 by default', async () => {
    const list = await allTransactions(sandbox(), access_token);
    const firstPage = await sandbox().ok('transactionsGet', { access_token, ...YEAR });
    expect(firstPage.transactions).toHaveLength(100);
    expect(firstPage.total_transactions).toBe(list.length);
    const paged: string[] = [];
    for (let offset = 0; offset < list.length; offset += 150) {
      const page = await sandbox().ok('transactionsGet', { access_token, ...YEAR, options: { count: 150, offset } });
      expect(page.total_transactions).toBe(list.length);
      paged.push(...page.transactions.map((transaction) => transaction.transaction_id));
    }
    expect(paged).toEqual(list.map((transaction) => transaction.transaction_id));
  });

  it('get: options.account_ids narrows the transactions and the accounts; unknown ids are refused', async () => {
    const reply = await sandbox().ok('transactionsGet', {
      access_token,
      ...YEAR,
      options: { account_ids: [CHECKING, CREDIT_CARD as string], count: 500 },
    });
    expect(reply.accounts.map((account) => account.account_id)).toEqual([CHECKING, CREDIT_CARD]);
    expect(new Set(reply.transactions.map((transaction) => transaction.account_id))).toEqual(
      new Set([CHECKING, CREDIT_CARD]),
    );
    const unknown = await sandbox().fail('transactionsGet', {
      access_token,
      ...YEAR,
      options: { account_ids: ['nope'] },
    });
    expect(unknown.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCOUNT_ID' });
  });

  it('get: dates are inclusive; start_date after end_date is INVALID_FIELD naming both fields', async () => {
    const list = await allTransactions(sandbox(), access_token);
    const day = list[10]?.date ?? '';
    const oneDay = await sandbox().ok('transactionsGet', { access_token, start_date: day, end_date: day });
    expect(oneDay.total_transactions).toBe(list.filter((transaction) => transaction.date === day).length);
    const reversed = await sandbox().fail('transactionsGet', {
      access_token,
      start_date: '2026-11-20',
      end_date: '2026-10-01',
    });
    expect(reversed.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    expect(reversed.body.causes.map((cause) => cause.field)).toEqual(['start_date', 'end_date']);
  });

  it('get: different Items have different transaction ids', async () => {
    const { access_token: token } = await newItem();
    const mine = new Set((await allTransactions(sandbox(), token)).map((transaction) => transaction.transaction_id));
    const canonical = await allTransactions(sandbox(), access_token);
    expect(mine.size).toBeGreaterThan(0);
    expect(canonical.some((transaction) => mine.has(transaction.transaction_id))).toBe(false);
  });

  it('refresh: new transactions appear, DEFAULT_UPDATE and TRANSACTIONS_REMOVED reach the Item webhook', async () => {
    receiver = await startReceiver();
    const { access_token: token, item_id } = await newItem(['transactions'], receiver.url);
    const before = await allTransactions(sandbox(), token);
    // Newest first, and the latest found first within a date: the oldest pending one is the last.
    const oldestPending = before.filter((transaction) => transaction.pending).at(-1);
    await sandbox().ok('transactionsRefresh', { access_token: token });
    const after = await allTransactions(sandbox(), token);
    const beforeIds = new Set(before.map((transaction) => transaction.transaction_id));
    const added = after.filter((transaction) => !beforeIds.has(transaction.transaction_id));
    expect(added).toHaveLength(2);
    expect(after.some((transaction) => transaction.transaction_id === oldestPending?.transaction_id)).toBe(false);
    expect(added.find((transaction) => !transaction.pending)).toMatchObject({
      pending_transaction_id: oldestPending?.transaction_id,
      amount: oldestPending?.amount,
    });
    expect(after).toHaveLength(before.length + 1);

    const deliveries = await receiver.waitFor(2);
    const payloads = await Promise.all(
      deliveries.map((delivery) => {
        const code = (JSON.parse(delivery.body) as { webhook_code: string }).webhook_code;
        const schema = code === 'DEFAULT_UPDATE' ? 'DefaultUpdateWebhook' : 'TransactionsRemovedWebhook';
        return payloadOf(delivery.body, delivery.headers['svc-signature'], schema);
      }),
    );
    expect(payloads).toEqual(
      expect.arrayContaining([
        {
          webhook_type: 'TRANSACTIONS',
          webhook_code: 'DEFAULT_UPDATE',
          item_id,
          error: null,
          environment: 'sandbox',
          new_transactions: 2,
        },
        {
          webhook_type: 'TRANSACTIONS',
          webhook_code: 'TRANSACTIONS_REMOVED',
          item_id,
          error: null,
          environment: 'sandbox',
          removed_transactions: [oldestPending?.transaction_id],
        },
      ]),
    );
  });

  it('refresh: each refresh posts the next pending transaction; ids never repeat', async () => {
    receiver = await startReceiver();
    const { access_token: token, item_id } = await newItem(['transactions'], receiver.url);
    const before = await allTransactions(sandbox(), token);
    for (let refresh = 0; refresh < 3; refresh++) {
      await sandbox().ok('transactionsRefresh', { access_token: token });
    }
    const after = await allTransactions(sandbox(), token);
    expect(after).toHaveLength(before.length + 3);
    expect(new Set(after.map((transaction) => transaction.transaction_id)).size).toBe(after.length);
    const outbox = await outboxOf(item_id);
    expect(outbox.map((row) => row.webhook_code)).toEqual([
      'DEFAULT_UPDATE',
      'TRANSACTIONS_REMOVED',
      'DEFAULT_UPDATE',
      'TRANSACTIONS_REMOVED',
      'DEFAULT_UPDATE',
      'TRANSACTIONS_REMOVED',
    ]);
    const removed = outbox
      .filter((row) => row.webhook_code === 'TRANSACTIONS_REMOVED')
      .flatMap((row) => (JSON.parse(row.body) as { removed_transactions: string[] }).removed_transactions);
    expect(new Set(removed).size).toBe(3);
    expect(outbox.every((row) => row.url === receiver?.url)).toBe(true);
  });

  it('refresh: concurrent refreshes of one Item are each applied once', async () => {
    const { access_token: token } = await newItem();
    const before = await allTransactions(sandbox(), token);
    await Promise.all([1, 2, 3].map(() => sandbox().ok('transactionsRefresh', { access_token: token })));
    const after = await allTransactions(sandbox(), token);
    expect(after).toHaveLength(before.length + 3);
    expect(new Set(after.map((transaction) => transaction.transaction_id)).size).toBe(after.length);
  });

  it('refresh: no webhook is queued for an Item without a webhook URL', async () => {
    const { access_token: token, item_id } = await newItem();
    await sandbox().ok('transactionsRefresh', { access_token: token });
    expect(await outboxOf(item_id)).toEqual([]);
  });

  it('an Item created without transactions is PRODUCT_NOT_READY until a refresh runs its first extraction', async () => {
    receiver = await startReceiver();
    const { access_token: token, item_id } = await newItem(['auth'], receiver.url);
    const early = await sandbox().fail('transactionsGet', { access_token: token, ...YEAR });
    expect(early.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'PRODUCT_NOT_READY' });
    await sandbox().ok('transactionsRefresh', { access_token: token });
    const list = await allTransactions(sandbox(), token);
    expect(list.length).toBeGreaterThan(300);
    const outbox = await outboxOf(item_id);
    expect(outbox.map((row) => JSON.parse(row.body))).toEqual([
      expect.objectContaining({ webhook_code: 'DEFAULT_UPDATE', new_transactions: list.length }),
    ]);
  });

  it('refresh: a removed Item is INVALID_ACCESS_TOKEN', async () => {
    const { access_token: token } = await newItem();
    await sandbox().ok('itemRemove', { access_token: token });
    const reply = await sandbox().fail('transactionsRefresh', { access_token: token });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
  });
});
