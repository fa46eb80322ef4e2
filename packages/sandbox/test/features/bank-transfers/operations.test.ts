import { beforeAll, describe, expect, it } from 'vitest';
import { addClient } from '../../../src/engine/clients/clients.js';
import {
  CANONICAL_ORIGINATION_ACCOUNT_ID,
  DEMO_ORIGINATION_ACCOUNT_IDS,
} from '../../../src/features/transfers/index.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { type As, describeEngines, type TestSandbox } from '../../support/harness.js';
import { bankTransferRequest, CANONICAL, newItem, newKey, type TestItem } from '../../support/transfer-fixtures.js';

const PENDING_CREDIT = 'd36d3e12-cb51-4a44-9e4a-5e5e3e3f9b17';
const POSTED_DEBIT = '0a9fd5ba-ab40-4aac-b2ad-f1110bd29710';
const PROCESSOR_DEBIT = '5a671932-e4d0-43c5-abd9-8568f8bf4945';

/** The `/bank_transfer/create` default example of the spec. */
const CREATE_EXAMPLE = {
  idempotency_key: 'invoice-2026-0042',
  access_token: CANONICAL_ITEM.accessToken,
  account_id: CANONICAL_ACCOUNT_IDS[0],
  type: 'credit',
  network: 'ach',
  amount: '12.34',
  iso_currency_code: 'USD',
  description: 'Payment',
  ach_class: 'ppd',
  user: {
    legal_name: 'Alberta Bobbeth Charleson',
    email_address: 'accountholder0@example.com',
    routing_number: '011401533',
  },
  custom_tag: 'invoice-42',
  metadata: { invoice_id: 'INV-2026-0042' },
  origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
} as const;

/** The `/processor/bank_transfer/create` default example of the spec. */
const PROCESSOR_EXAMPLE = {
  idempotency_key: 'order-2026-0815',
  processor_token: CANONICAL_ITEM.processorToken,
  type: 'debit',
  network: 'ach',
  amount: '12.34',
  iso_currency_code: 'USD',
  description: 'Top-up',
  ach_class: 'web',
  user: { legal_name: 'Alberta Bobbeth Charleson', email_address: 'accountholder0@example.com' },
  metadata: { order_id: 'ORD-2026-0815' },
  origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
} as const;

/** A new full-service client (one origination account: 1500.00 available, 500.00 minimum) and an Item of it. */
async function freshClient(sandbox: TestSandbox): Promise<{ as: As; item: TestItem }> {
  const client = await addClient(sandbox.sandbox.store, 'bank transfer test', sandbox.clock.now());
  const as: As = { clientId: client.clientId, secret: client.secret };
  return { as, item: await newItem(sandbox, {}, as) };
}

async function balanceOf(sandbox: TestSandbox, as: As) {
  return (await sandbox.ok('bankTransferBalanceGet', {}, as)).balance;
}

describeEngines('bank transfer create', (sandbox) => {
  let good: TestItem;
  beforeAll(async () => {
    good = await newItem(sandbox());
  });

  it('answers the docs example on a fresh store with the canonical bank transfer (its idempotency key)', async () => {
    const { bank_transfer } = await sandbox().ok('bankTransferCreate', CREATE_EXAMPLE);
    expect(bank_transfer).toEqual({
      bank_transfer_id: PENDING_CREDIT,
      account_id: CANONICAL_ACCOUNT_IDS[0],
      ach_class: 'ppd',
      amount: '12.34',
      cancellable: true,
      created: '2026-11-20T15:04:05Z',
      custom_tag: 'invoice-42',
      description: 'Payment',
      direction: 'outbound',
      failure_reason: null,
      iso_currency_code: 'USD',
      metadata: { invoice_id: 'INV-2026-0042' },
      network: 'ach',
      origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
      status: 'pending',
      type: 'credit',
      user: CREATE_EXAMPLE.user,
    });
    expect(await balanceOf(sandbox(), 'default')).toEqual({ available: '1500.00', transactable: '1000.00' });
  });

  it('answers the processor example with the canonical processor bank transfer', async () => {
    const { bank_transfer } = await sandbox().ok('processorBankTransferCreate', PROCESSOR_EXAMPLE);
    expect(bank_transfer).toMatchObject({
      bank_transfer_id: PROCESSOR_DEBIT,
      direction: 'inbound',
      custom_tag: null,
      ach_class: 'web',
    });
    expect(bank_transfer.user).toEqual({ ...PROCESSOR_EXAMPLE.user, routing_number: null });
  });

  it('creates a pending credit: outbound, cancellable, reserving its amount, with a pending event', async () => {
    const { as, item } = await freshClient(sandbox());
    const { bank_transfer } = await sandbox().ok(
      'bankTransferCreate',
      bankTransferRequest(item, newKey(), { amount: '100.00' }),
      as,
    );
    expect(bank_transfer).toMatchObject({
      status: 'pending',
      cancellable: true,
      direction: 'outbound',
      custom_tag: null,
      metadata: {},
      failure_reason: null,
      user: { legal_name: 'Alberta Bobbeth Charleson', email_address: null, routing_number: null },
    });
    expect(await balanceOf(sandbox(), as)).toEqual({ available: '1400.00', transactable: '900.00' });
    const { bank_transfer_events } = await sandbox().ok('bankTransferEventSync', { after_id: 0 }, as);
    expect(bank_transfer_events).toEqual([
      expect.objectContaining({
        event_id: 1,
        event_type: 'pending',
        bank_transfer_id: bank_transfer.bank_transfer_id,
        bank_transfer_amount: '100.00',
        bank_transfer_type: 'credit',
        direction: 'outbound',
        receiver_details: null,
        failure_reason: null,
      }),
    ]);
  });

  it('creates a wire without ach_class (null on the record) and a debit without touching the balance', async () => {
    const { as, item } = await freshClient(sandbox());
    const { ach_class: _ach, ...wire } = bankTransferRequest(item, newKey(), { network: 'wire', amount: '250.00' });
    const created = await sandbox().ok('bankTransferCreate', wire, as);
    expect(created.bank_transfer).toMatchObject({ network: 'wire', ach_class: null });
    await sandbox().ok(
      'bankTransferCreate',
      bankTransferRequest(item, newKey(), { type: 'debit', amount: '999.00' }),
      as,
    );
    expect(await balanceOf(sandbox(), as)).toEqual({ available: '1250.00', transactable: '750.00' });
  });

  it('allows a credit of exactly the transactable balance and refuses one cent more (BANK_TRANSFER_INSUFFICIENT_FUNDS)', async () => {
    const { as, item } = await freshClient(sandbox());
    const over = await sandbox().fail(
      'bankTransferCreate',
      bankTransferRequest(item, newKey(), { amount: '1000.01' }),
      as,
    );
    expect(over.body).toMatchObject({
      error_type: 'BANK_TRANSFER_ERROR',
      error_code: 'BANK_TRANSFER_INSUFFICIENT_FUNDS',
    });
    expect(over.body.error_message).toContain('transactable balance 1000.00');
    await sandbox().ok('bankTransferCreate', bankTransferRequest(item, newKey(), { amount: '1000.00' }), as);
    expect(await balanceOf(sandbox(), as)).toEqual({ available: '500.00', transactable: '0.00' });
    const none = await sandbox().fail(
      'bankTransferCreate',
      bankTransferRequest(item, newKey(), { amount: '0.01' }),
      as,
    );
    expect(none.body.error_code).toBe('BANK_TRANSFER_INSUFFICIENT_FUNDS');
    expect((await sandbox().ok('bankTransferList', {}, as)).bank_transfers).toHaveLength(1);
  });

  it('reserves nothing for a refused credit (the reservation sent with the reads is rolled back)', async () => {
    const { as, item } = await freshClient(sandbox());
    await sandbox().ok('bankTransferCreate', bankTransferRequest(item, newKey(), { amount: '10.00' }), as);
    const refusals = [
      [{ account_id: CANONICAL_ACCOUNT_IDS[0] }, 'INVALID_ACCOUNT_ID'],
      [{ origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID }, 'INVALID_ORIGINATION_ACCOUNT_ID'],
      [{ access_token: 'access-sandbox-00000000-0000-4000-8000-000000000000' }, 'INVALID_ACCESS_TOKEN'],
    ] as const;
    for (const [fields, code] of refusals) {
      const reply = await sandbox().fail('bankTransferCreate', bankTransferRequest(item, newKey(), fields), as);
      expect(reply.body.error_code).toBe(code);
    }
    expect(await balanceOf(sandbox(), as)).toEqual({ available: '1490.00', transactable: '990.00' });
  });

  it('never pays out more than the transactable balance under concurrent credits', async () => {
    const { as, item } = await freshClient(sandbox());
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        sandbox().call('bankTransferCreate', bankTransferRequest(item, newKey(), { amount: '150.00' }), as),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(6);
    for (const reply of replies.filter((entry) => entry.status !== 200)) {
      expect((reply.body as { error_code: string }).error_code).toBe('BANK_TRANSFER_INSUFFICIENT_FUNDS');
    }
    expect(await balanceOf(sandbox(), as)).toEqual({ available: '600.00', transactable: '100.00' });
  });

  it.each([
    ['a credit card account', 2],
    ['an account of another Item', -1],
  ])('refuses %s with INVALID_ACCOUNT_ID', async (_name, index) => {
    const accountId = index < 0 ? CANONICAL_ACCOUNT_IDS[0] : (good.accounts[index]?.account_id ?? '');
    const reply = await sandbox().fail(
      'bankTransferCreate',
      bankTransferRequest(good, newKey(), { account_id: accountId }),
    );
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCOUNT_ID' });
    expect(reply.body.error_message).toBe(`account_id is not a checking or savings account of this item: ${accountId}`);
  });

  it('accepts a savings account', async () => {
    const savings = good.accounts[1]?.account_id ?? '';
    await sandbox().ok(
      'bankTransferCreate',
      bankTransferRequest(good, newKey(), { account_id: savings, type: 'debit' }),
    );
  });

  it('refuses an Item whose login was reset (ITEM_LOGIN_REQUIRED)', async () => {
    const item = await newItem(sandbox(), { username: 'user_login_reset' });
    const reply = await sandbox().fail('bankTransferCreate', bankTransferRequest(item, newKey()));
    expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' });
  });

  it("refuses an origination account that is not the client's, and another client's token", async () => {
    const origination = await sandbox().fail(
      'bankTransferCreate',
      bankTransferRequest(good, newKey(), { origination_account_id: DEMO_ORIGINATION_ACCOUNT_IDS[0] }),
    );
    expect(origination.body.error_code).toBe('INVALID_ORIGINATION_ACCOUNT_ID');
    const theirs = await sandbox().fail('bankTransferCreate', bankTransferRequest(CANONICAL, newKey()), 'demo');
    expect(theirs.body.error_code).toBe('INVALID_ACCESS_TOKEN');
  });

  it('enforces ach_class by network (schema if/then/else)', async () => {
    const { ach_class: _ach, ...withoutClass } = bankTransferRequest(good, newKey());
    const missing = await sandbox().fail('bankTransferCreate', withoutClass);
    expect(missing.body.error_type).toBe('INVALID_REQUEST');
    const wire = await sandbox().fail('bankTransferCreate', bankTransferRequest(good, newKey(), { network: 'wire' }));
    expect(wire.body.error_type).toBe('INVALID_REQUEST');
  });

  describe('as a processor', () => {
    it("creates a bank transfer on the processor token's account", async () => {
      const { processor_token } = await sandbox().ok('sandboxProcessorTokenCreate', { institution_id: 'ins_109508' });
      const { bank_transfer } = await sandbox().ok('processorBankTransferCreate', {
        ...PROCESSOR_EXAMPLE,
        idempotency_key: newKey(),
        processor_token,
      });
      const account = await sandbox()
        .sandbox.store.db.selectFrom('tokens')
        .select('account_id')
        .where('token', '=', processor_token)
        .executeTakeFirstOrThrow();
      expect(bank_transfer).toMatchObject({
        account_id: account.account_id,
        type: 'debit',
        direction: 'inbound',
        status: 'pending',
      });
    });

    it("refuses another client's processor token and one whose Item was removed, creating nothing", async () => {
      const { processor_token } = await sandbox().ok('sandboxProcessorTokenCreate', { institution_id: 'ins_109508' });
      const body = { ...PROCESSOR_EXAMPLE, processor_token };
      const theirs = await sandbox().fail(
        'processorBankTransferCreate',
        { ...body, idempotency_key: newKey() },
        'demo',
      );
      expect(theirs.body.error_code).toBe('INVALID_PROCESSOR_TOKEN');
      const item = await sandbox()
        .sandbox.store.db.selectFrom('tokens')
        .select('item_id')
        .where('token', '=', processor_token)
        .executeTakeFirstOrThrow();
      await sandbox()
        .sandbox.store.db.updateTable('items')
        .set({ removed_at: new Date().toISOString() })
        .where('item_id', '=', item.item_id)
        .execute();
      const removed = await sandbox().fail('processorBankTransferCreate', { ...body, idempotency_key: newKey() });
      expect(removed.body.error_code).toBe('INVALID_PROCESSOR_TOKEN');
      const created = await sandbox()
        .sandbox.store.db.selectFrom('bank_transfers')
        .select('bank_transfer_id')
        .where('item_id', '=', item.item_id ?? '')
        .execute();
      expect(created).toEqual([]);
    });

    it('refuses an unknown processor token', async () => {
      const reply = await sandbox().fail('processorBankTransferCreate', {
        ...PROCESSOR_EXAMPLE,
        idempotency_key: newKey(),
        processor_token: 'processor-sandbox-unknown',
      });
      expect(reply.body.error_code).toBe('INVALID_PROCESSOR_TOKEN');
    });
  });

  describe('idempotency', () => {
    it('returns the first bank transfer for a repeat (credentials in the body too) and creates nothing more', async () => {
      const { as, item } = await freshClient(sandbox());
      const body = bankTransferRequest(item, newKey(), { amount: '10.00' });
      const first = await sandbox().ok('bankTransferCreate', body, as);
      const creds = as as { clientId: string; secret: string };
      const repeat = await sandbox().call(
        'bankTransferCreate',
        { ...body, client_id: creds.clientId, secret: creds.secret, custom_tag: null },
        'none',
      );
      expect(repeat.status).toBe(200);
      expect((repeat.body as typeof first).bank_transfer).toEqual(first.bank_transfer);
      expect((await sandbox().ok('bankTransferList', {}, as)).bank_transfers).toHaveLength(1);
      expect(await balanceOf(sandbox(), as)).toEqual({ available: '1490.00', transactable: '990.00' });
    });

    it('refuses the same key with another body, or with the other create operation (IDEMPOTENCY_KEY_REUSED)', async () => {
      const key = newKey();
      await sandbox().ok('bankTransferCreate', bankTransferRequest(good, key, { type: 'debit' }));
      const other = await sandbox().fail(
        'bankTransferCreate',
        bankTransferRequest(good, key, { type: 'debit', amount: '12.35' }),
      );
      expect(other.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'IDEMPOTENCY_KEY_REUSED' });
      const processor = await sandbox().fail('processorBankTransferCreate', {
        ...PROCESSOR_EXAMPLE,
        idempotency_key: key,
      });
      expect(processor.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('keeps keys per client: another client may use the same key', async () => {
      const key = newKey();
      await sandbox().ok('bankTransferCreate', bankTransferRequest(good, key, { type: 'debit' }));
      const { as, item } = await freshClient(sandbox());
      await sandbox().ok('bankTransferCreate', bankTransferRequest(item, key, { type: 'debit', amount: '1.00' }), as);
    });

    it('does not use up the key of a failed request', async () => {
      const { as, item } = await freshClient(sandbox());
      const key = newKey();
      await sandbox().fail('bankTransferCreate', bankTransferRequest(item, key, { amount: '5000.00' }), as);
      await sandbox().ok('bankTransferCreate', bankTransferRequest(item, key, { amount: '5.00' }), as);
    });

    it('creates one bank transfer for concurrent requests with one key', async () => {
      const { as, item } = await freshClient(sandbox());
      const body = bankTransferRequest(item, newKey(), { amount: '100.00' });
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => sandbox().call('bankTransferCreate', body, as)),
      );
      expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(200));
      const ids = new Set(
        replies.map(
          (reply) => (reply.body as { bank_transfer: { bank_transfer_id: string } }).bank_transfer.bank_transfer_id,
        ),
      );
      expect(ids.size).toBe(1);
      expect((await sandbox().ok('bankTransferList', {}, as)).bank_transfers).toHaveLength(1);
      expect(await balanceOf(sandbox(), as)).toEqual({ available: '1400.00', transactable: '900.00' });
      expect((await sandbox().ok('bankTransferEventSync', { after_id: 0 }, as)).bank_transfer_events).toHaveLength(1);
    });
  });
});

describeEngines('bank transfer get, list, cancel and balance', (sandbox) => {
  it('gets the canonical bank transfers of the docs', async () => {
    expect((await sandbox().ok('bankTransferGet', { bank_transfer_id: PENDING_CREDIT })).bank_transfer.status).toBe(
      'pending',
    );
    const posted = await sandbox().ok('bankTransferGet', { bank_transfer_id: POSTED_DEBIT });
    expect(posted.bank_transfer).toMatchObject({
      status: 'posted',
      cancellable: false,
      network: 'same-day-ach',
      amount: '25.00',
    });
  });

  it("answers an unknown id and another client's bank transfer alike (INVALID_BANK_TRANSFER_ID)", async () => {
    for (const operation of ['bankTransferGet', 'bankTransferCancel', 'sandboxBankTransferSimulate'] as const) {
      const body = (id: string) =>
        operation === 'sandboxBankTransferSimulate'
          ? { bank_transfer_id: id, event_type: 'posted' }
          : { bank_transfer_id: id };
      const unknown = await sandbox().fail(operation, body('3f0c2b1a-0000-4000-8000-000000000000'));
      const theirs = await sandbox().fail(operation, body(PENDING_CREDIT), 'demo');
      expect(unknown.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_BANK_TRANSFER_ID' });
      expect(theirs.body.error_code).toBe('INVALID_BANK_TRANSFER_ID');
    }
    expect((await sandbox().ok('bankTransferGet', { bank_transfer_id: PENDING_CREDIT })).bank_transfer.status).toBe(
      'pending',
    );
  });

  describe('list', () => {
    let as: As;
    const ids: { id: string; direction: string }[] = [];
    beforeAll(async () => {
      const fresh = await freshClient(sandbox());
      as = fresh.as;
      for (let index = 0; index < 6; index++) {
        const type = index % 2 === 0 ? 'credit' : 'debit';
        const { bank_transfer } = await sandbox().ok(
          'bankTransferCreate',
          bankTransferRequest(fresh.item, newKey(), { type, amount: '1.00' }),
          as,
        );
        ids.unshift({ id: bank_transfer.bank_transfer_id, direction: bank_transfer.direction });
        sandbox().clock.advance(1000);
      }
    });

    it('lists newest first and pages with count and offset', async () => {
      const all = (await sandbox().ok('bankTransferList', {}, as)).bank_transfers.map(
        (entry) => entry.bank_transfer_id,
      );
      expect(all).toEqual(ids.map((entry) => entry.id));
      const paged: string[] = [];
      for (let offset = 0; offset < 10; offset += 4) {
        paged.push(
          ...(await sandbox().ok('bankTransferList', { count: 4, offset }, as)).bank_transfers.map(
            (entry) => entry.bank_transfer_id,
          ),
        );
      }
      expect(paged).toEqual(all);
    });

    it('filters by direction and creation time (inclusive)', async () => {
      const outbound = await sandbox().ok('bankTransferList', { direction: 'outbound' }, as);
      expect(outbound.bank_transfers.map((entry) => entry.bank_transfer_id)).toEqual(
        ids.filter((entry) => entry.direction === 'outbound').map((entry) => entry.id),
      );
      const all = (await sandbox().ok('bankTransferList', {}, as)).bank_transfers;
      const middle = all[2]?.created ?? '';
      const bounded = await sandbox().ok('bankTransferList', { start_date: middle, end_date: middle }, as);
      expect(bounded.bank_transfers.map((entry) => entry.bank_transfer_id)).toEqual([all[2]?.bank_transfer_id]);
    });

    it("filters by origination account and refuses one that is not the client's", async () => {
      const mine = await sandbox().ok('bankTransferList', { origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID });
      expect(mine.bank_transfers.map((entry) => entry.bank_transfer_id)).toEqual(
        expect.arrayContaining([PENDING_CREDIT, POSTED_DEBIT, PROCESSOR_DEBIT]),
      );
      const reply = await sandbox().fail(
        'bankTransferList',
        { origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID },
        as,
      );
      expect(reply.body.error_code).toBe('INVALID_ORIGINATION_ACCOUNT_ID');
    });

    it('refuses start_date after end_date and counts outside 1..25', async () => {
      const dates = await sandbox().fail('bankTransferList', {
        start_date: '2026-12-01T00:00:00Z',
        end_date: '2026-11-01T00:00:00Z',
      });
      expect(dates.body.error_code).toBe('INVALID_FIELD');
      expect(dates.body.error_message).toContain('start_date');
      for (const count of [0, 26]) {
        expect((await sandbox().fail('bankTransferList', { count })).body.error_code).toBe('INVALID_FIELD');
      }
    });

    it("never lists another client's bank transfers", async () => {
      expect((await sandbox().ok('bankTransferList', {}, 'demo')).bank_transfers).toEqual([]);
    });
  });

  describe('cancel', () => {
    it('cancels a pending credit: cancelled, not cancellable, funds released, a cancelled event', async () => {
      const { as, item } = await freshClient(sandbox());
      const { bank_transfer } = await sandbox().ok(
        'bankTransferCreate',
        bankTransferRequest(item, newKey(), { amount: '300.00' }),
        as,
      );
      await sandbox().ok('bankTransferCancel', { bank_transfer_id: bank_transfer.bank_transfer_id }, as);
      const after = await sandbox().ok('bankTransferGet', { bank_transfer_id: bank_transfer.bank_transfer_id }, as);
      expect(after.bank_transfer).toMatchObject({ status: 'cancelled', cancellable: false });
      expect(await balanceOf(sandbox(), as)).toEqual({ available: '1500.00', transactable: '1000.00' });
      const { bank_transfer_events } = await sandbox().ok('bankTransferEventSync', { after_id: 0 }, as);
      expect(bank_transfer_events.map((event) => [event.event_id, event.event_type, event.receiver_details])).toEqual([
        [1, 'pending', null],
        [2, 'cancelled', null],
      ]);
      const again = await sandbox().fail(
        'bankTransferCancel',
        { bank_transfer_id: bank_transfer.bank_transfer_id },
        as,
      );
      expect(again.body).toMatchObject({
        error_type: 'BANK_TRANSFER_ERROR',
        error_code: 'BANK_TRANSFER_NOT_CANCELLABLE',
      });
      expect(again.body.error_message).toContain('status cancelled');
    });

    it('refuses a posted bank transfer (cancellable false)', async () => {
      const reply = await sandbox().fail('bankTransferCancel', { bank_transfer_id: POSTED_DEBIT });
      expect(reply.body.error_code).toBe('BANK_TRANSFER_NOT_CANCELLABLE');
      expect(reply.body.error_message).toBe(
        `bank transfer ${POSTED_DEBIT} cannot be cancelled: cancellable is false (status posted)`,
      );
    });

    it('lets exactly one of concurrent cancels succeed, releasing the funds once', async () => {
      const { as, item } = await freshClient(sandbox());
      const { bank_transfer } = await sandbox().ok(
        'bankTransferCreate',
        bankTransferRequest(item, newKey(), { amount: '200.00' }),
        as,
      );
      const replies = await Promise.all(
        Array.from({ length: 6 }, () =>
          sandbox().call('bankTransferCancel', { bank_transfer_id: bank_transfer.bank_transfer_id }, as),
        ),
      );
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
      expect(await balanceOf(sandbox(), as)).toEqual({ available: '1500.00', transactable: '1000.00' });
      expect((await sandbox().ok('bankTransferEventSync', { after_id: 0 }, as)).bank_transfer_events).toHaveLength(2);
    });
  });

  describe('balance', () => {
    it('answers the docs examples for the default client (one FBO account, full-service)', async () => {
      const named = await sandbox().ok('bankTransferBalanceGet', {
        origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
      });
      const single = await sandbox().ok('bankTransferBalanceGet', {});
      expect(named).toMatchObject({
        balance: { available: '1500.00', transactable: '1000.00' },
        origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
      });
      expect(single.balance).toEqual(named.balance);
      expect(single.origination_account_id).toBe(CANONICAL_ORIGINATION_ACCOUNT_ID);
    });

    it('requires origination_account_id when the client has several (demo client)', async () => {
      const reply = await sandbox().fail('bankTransferBalanceGet', {}, 'demo');
      expect(reply.body).toMatchObject({
        error_type: 'BANK_TRANSFER_ERROR',
        error_code: 'ORIGINATION_ACCOUNT_ID_REQUIRED',
      });
    });

    it("refuses the balance of the client's own account under the platform configuration (demo client)", async () => {
      const reply = await sandbox().fail(
        'bankTransferBalanceGet',
        { origination_account_id: DEMO_ORIGINATION_ACCOUNT_IDS[1] },
        'demo',
      );
      expect(reply.body).toMatchObject({
        error_type: 'BANK_TRANSFER_ERROR',
        error_code: 'BANK_TRANSFER_BALANCE_NOT_SUPPORTED',
      });
    });

    it("refuses another client's origination account", async () => {
      const reply = await sandbox().fail(
        'bankTransferBalanceGet',
        { origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID },
        'demo',
      );
      expect(reply.body.error_code).toBe('INVALID_ORIGINATION_ACCOUNT_ID');
    });

    it('moves no funds on a simulated event: a posted, then reversed, debit leaves the balance as it was', async () => {
      const { as, item } = await freshClient(sandbox());
      const debit = await sandbox().ok(
        'bankTransferCreate',
        bankTransferRequest(item, newKey(), { type: 'debit', amount: '1000.00' }),
        as,
      );
      const before = await balanceOf(sandbox(), as);
      await sandbox().ok(
        'sandboxBankTransferSimulate',
        { bank_transfer_id: debit.bank_transfer.bank_transfer_id, event_type: 'posted' },
        as,
      );
      expect(await balanceOf(sandbox(), as)).toEqual(before);
      await sandbox().ok(
        'sandboxBankTransferSimulate',
        { bank_transfer_id: debit.bank_transfer.bank_transfer_id, event_type: 'reversed' },
        as,
      );
      expect(await balanceOf(sandbox(), as)).toEqual(before);
    });

    it('moves no funds on a simulated failure of a pending credit: its reservation stays', async () => {
      const { as, item } = await freshClient(sandbox());
      const credit = await sandbox().ok(
        'bankTransferCreate',
        bankTransferRequest(item, newKey(), { amount: '100.00' }),
        as,
      );
      const reserved = await balanceOf(sandbox(), as);
      await sandbox().ok(
        'sandboxBankTransferSimulate',
        { bank_transfer_id: credit.bank_transfer.bank_transfer_id, event_type: 'failed' },
        as,
      );
      expect(await balanceOf(sandbox(), as)).toEqual(reserved);
    });
  });
});

describeEngines('bank transfer migrate account', (sandbox) => {
  const request = {
    account_number: '1111222233330000',
    routing_number: '011401533',
    account_type: 'checking',
  } as const;

  it('creates a bank-transfer-only Item with one account, usable for bank transfers', async () => {
    const first = await sandbox().ok('bankTransferMigrateAccount', request);
    const second = await sandbox().ok('bankTransferMigrateAccount', { ...request, account_type: 'savings' });
    expect(first.access_token).toMatch(/^access-sandbox-[0-9a-f-]{36}$/);
    expect(second.account_id).not.toBe(first.account_id);
    const item = await sandbox()
      .sandbox.store.db.selectFrom('items')
      .innerJoin('tokens', 'tokens.item_id', 'items.item_id')
      .select(['items.bank_transfer_only', 'items.institution_id'])
      .where('tokens.token', '=', first.access_token)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ bank_transfer_only: 1, institution_id: 'ins_109508' });
    const migrated: TestItem = {
      accessToken: first.access_token,
      itemId: '',
      accounts: [{ account_id: first.account_id, subtype: 'checking', available: null }],
    };
    const { bank_transfer } = await sandbox().ok(
      'bankTransferCreate',
      bankTransferRequest(migrated, newKey(), { type: 'debit' }),
    );
    expect(bank_transfer.account_id).toBe(first.account_id);
  });

  it('refuses a client for which migration is not enabled (demo client)', async () => {
    const reply = await sandbox().fail('bankTransferMigrateAccount', request, 'demo');
    expect(reply.body).toMatchObject({
      error_type: 'BANK_TRANSFER_ERROR',
      error_code: 'BANK_TRANSFER_MIGRATE_ACCOUNT_NOT_ENABLED',
    });
  });

  it('refuses a routing number of no sandbox institution', async () => {
    const reply = await sandbox().fail('bankTransferMigrateAccount', { ...request, routing_number: '123456789' });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_INSTITUTION' });
  });
});

describeEngines('sandbox bank transfer simulate and event sync', (sandbox) => {
  it('starts with the canonical events 1 to 4 of the docs, in time order', async () => {
    const { bank_transfer_events } = await sandbox().ok('bankTransferEventSync', { after_id: 0, count: 25 });
    expect(
      bank_transfer_events.map((event) => [event.event_id, event.bank_transfer_id, event.event_type, event.timestamp]),
    ).toEqual([
      [1, POSTED_DEBIT, 'pending', '2026-11-18T10:30:00Z'],
      [2, POSTED_DEBIT, 'posted', '2026-11-18T21:00:00Z'],
      [3, PENDING_CREDIT, 'pending', '2026-11-20T15:04:05Z'],
      [4, PROCESSOR_DEBIT, 'pending', '2026-11-20T16:20:00Z'],
    ]);
    expect(bank_transfer_events[1]?.receiver_details).toEqual({ available_balance: 'available' });
  });

  it('answers the docs examples: post the processor debit, reverse the posted debit (event 6 after 5)', async () => {
    sandbox().clock.set('2026-11-20T17:45:00.000Z');
    await sandbox().ok('sandboxBankTransferSimulate', {
      bank_transfer_id: POSTED_DEBIT,
      event_type: 'reversed',
      failure_reason: { ach_return_code: 'R01', description: 'Insufficient funds' },
    });
    await sandbox().ok('sandboxBankTransferSimulate', { bank_transfer_id: PROCESSOR_DEBIT, event_type: 'posted' });
    const { bank_transfer_events } = await sandbox().ok('bankTransferEventSync', { after_id: 4 });
    expect(bank_transfer_events).toEqual([
      {
        account_id: CANONICAL_ACCOUNT_IDS[0],
        bank_transfer_amount: '25.00',
        bank_transfer_id: POSTED_DEBIT,
        bank_transfer_iso_currency_code: 'USD',
        bank_transfer_type: 'debit',
        direction: 'inbound',
        event_id: 5,
        event_type: 'reversed',
        failure_reason: { ach_return_code: 'R01', description: 'Insufficient funds' },
        origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
        receiver_details: { available_balance: 'unavailable' },
        timestamp: '2026-11-20T17:45:00Z',
      },
      expect.objectContaining({ event_id: 6, event_type: 'posted', bank_transfer_id: PROCESSOR_DEBIT }),
    ]);
    const reversed = await sandbox().ok('bankTransferGet', { bank_transfer_id: POSTED_DEBIT });
    expect(reversed.bank_transfer).toMatchObject({
      status: 'reversed',
      cancellable: false,
      failure_reason: { ach_return_code: 'R01', description: 'Insufficient funds' },
    });
    const posted = await sandbox().ok('bankTransferGet', { bank_transfer_id: PROCESSOR_DEBIT });
    expect(posted.bank_transfer).toMatchObject({ status: 'posted', cancellable: false, failure_reason: null });
  });

  it('uses the generic failure reason when none is given: R01 on ACH, no code on wire', async () => {
    const item = await newItem(sandbox());
    const ach = await sandbox().ok('bankTransferCreate', bankTransferRequest(item, newKey(), { type: 'debit' }));
    const { ach_class: _ach, ...wireBody } = bankTransferRequest(item, newKey(), { type: 'debit', network: 'wire' });
    const wire = await sandbox().ok('bankTransferCreate', wireBody);
    for (const created of [ach, wire]) {
      await sandbox().ok('sandboxBankTransferSimulate', {
        bank_transfer_id: created.bank_transfer.bank_transfer_id,
        event_type: 'failed',
      });
    }
    const failedAch = await sandbox().ok('bankTransferGet', { bank_transfer_id: ach.bank_transfer.bank_transfer_id });
    const failedWire = await sandbox().ok('bankTransferGet', { bank_transfer_id: wire.bank_transfer.bank_transfer_id });
    expect(failedAch.bank_transfer).toMatchObject({
      status: 'failed',
      failure_reason: { ach_return_code: 'R01', description: 'Insufficient funds' },
    });
    expect(failedWire.bank_transfer).toMatchObject({
      status: 'failed',
      failure_reason: { ach_return_code: null, description: 'Simulated failure' },
    });
  });

  describe('transitions (the BankTransferStatus table)', () => {
    type Status = 'pending' | 'posted' | 'cancelled' | 'failed' | 'reversed';
    const allowed: Record<Status, string[]> = {
      pending: ['posted', 'failed'],
      posted: ['reversed'],
      cancelled: [],
      failed: [],
      reversed: [],
    };

    /** A new bank transfer brought to `status` through the API. */
    async function inStatus(status: Status): Promise<string> {
      const item = await newItem(sandbox());
      const { bank_transfer } = await sandbox().ok(
        'bankTransferCreate',
        bankTransferRequest(item, newKey(), { type: 'debit' }),
      );
      const id = bank_transfer.bank_transfer_id;
      const steps: Record<Status, ('posted' | 'failed' | 'reversed' | 'cancel')[]> = {
        pending: [],
        posted: ['posted'],
        cancelled: ['cancel'],
        failed: ['failed'],
        reversed: ['posted', 'reversed'],
      };
      for (const step of steps[status]) {
        if (step === 'cancel') {
          await sandbox().ok('bankTransferCancel', { bank_transfer_id: id });
        } else {
          await sandbox().ok('sandboxBankTransferSimulate', { bank_transfer_id: id, event_type: step });
        }
      }
      return id;
    }

    for (const status of ['pending', 'posted', 'cancelled', 'failed', 'reversed'] as const) {
      for (const event of ['posted', 'failed', 'reversed'] as const) {
        const ok = allowed[status].includes(event);
        it(`${ok ? 'allows' : 'refuses'} ${event} from ${status}`, async () => {
          const id = await inStatus(status);
          const reply = await sandbox().call('sandboxBankTransferSimulate', {
            bank_transfer_id: id,
            event_type: event,
          });
          const after = await sandbox().ok('bankTransferGet', { bank_transfer_id: id });
          if (ok) {
            expect(reply.status).toBe(200);
            expect(after.bank_transfer).toMatchObject({ status: event, cancellable: false });
          } else {
            expect(reply.status).toBe(400);
            expect(reply.body).toMatchObject({
              error_type: 'SANDBOX_ERROR',
              error_code: 'SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID',
            });
            expect((reply.body as { error_message: string }).error_message).toContain(`in status ${status}`);
            expect(after.bank_transfer.status).toBe(status);
          }
        });
      }
    }

    it('refuses a failure_reason with posted (schema rule)', async () => {
      const reply = await sandbox().fail('sandboxBankTransferSimulate', {
        bank_transfer_id: PENDING_CREDIT,
        event_type: 'posted',
        failure_reason: { ach_return_code: 'R01', description: 'x' },
      });
      expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    });

    it('refuses event types that cannot be simulated (pending, cancelled)', async () => {
      for (const event_type of ['pending', 'cancelled']) {
        const reply = await sandbox().fail('sandboxBankTransferSimulate', {
          bank_transfer_id: PENDING_CREDIT,
          event_type,
        });
        expect(reply.body.error_code).toBe('INVALID_FIELD');
      }
    });
  });

  it.each([
    [{ after_id: -1 }, 'after_id'],
    [{ after_id: 0, count: 0 }, 'count'],
    [{ after_id: 0, count: 26 }, 'count'],
  ])('refuses %j', async (body, field) => {
    const reply = await sandbox().fail('bankTransferEventSync', body);
    expect(reply.body.error_code).toBe('INVALID_FIELD');
    expect(reply.body.error_message).toContain(field);
  });

  it('numbers the canonical events 1 to 4 again after a store reset', async () => {
    await sandbox().sandbox.reset();
    const { bank_transfer_events } = await sandbox().ok('bankTransferEventSync', { after_id: 0 });
    expect(bank_transfer_events.map((event) => event.event_id)).toEqual([1, 2, 3, 4]);
    const transfers = await sandbox().ok('transferEventSync', { after_id: 0 });
    expect(transfers.transfer_events.map((event) => event.event_id)).toEqual([1]);
    expect((await sandbox().ok('bankTransferGet', { bank_transfer_id: POSTED_DEBIT })).bank_transfer.status).toBe(
      'posted',
    );
  });

  it('returns at most count events and nothing past the last one', async () => {
    const page = await sandbox().ok('bankTransferEventSync', { after_id: 0, count: 2 });
    expect(page.bank_transfer_events.map((event) => event.event_id)).toEqual([1, 2]);
    const last = await sandbox()
      .sandbox.store.db.selectFrom('bank_transfer_events')
      .select((eb) => eb.fn.max('event_id').as('max'))
      .where('client_id', '=', '62b4f1c9a7d3e5001a2b3c4d')
      .executeTakeFirstOrThrow();
    expect((await sandbox().ok('bankTransferEventSync', { after_id: Number(last.max) })).bank_transfer_events).toEqual(
      [],
    );
  });
});
