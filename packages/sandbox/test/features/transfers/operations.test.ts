import { errorCatalogue } from '@svc/server-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANONICAL_ORIGINATION_ACCOUNT_ID,
  DEMO_ORIGINATION_ACCOUNT_IDS,
} from '../../../src/features/transfers/canonical.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM, DEMO_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';
import { newestFirst } from '../../support/list-order.js';
import {
  authorizationRequest,
  authorizeAndCreate,
  CANONICAL,
  newItem,
  newKey,
  type TestItem,
  transferRequest,
} from '../../support/transfer-fixtures.js';

const CANONICAL_TRANSFER_ID = '460cbe92-2dcc-8eae-5ad6-b37d0ec90fd9';
const CANONICAL_AUTHORIZATION_ID = 'f7a0a7c2-5a69-4e6a-9e1c-9f2b0b3d2c11';

/** The `/transfer/create` default example of the spec. */
const CREATE_EXAMPLE = {
  idempotency_key: 'rent-2026-11-alberta',
  access_token: CANONICAL_ITEM.accessToken,
  account_id: CANONICAL_ACCOUNT_IDS[0],
  authorization_id: CANONICAL_AUTHORIZATION_ID,
  type: 'debit',
  network: 'ach',
  amount: '12.34',
  ach_class: 'ppd',
  user: {
    legal_name: 'Alberta Bobbeth Charleson',
    phone_number: '1112223333',
    email_address: 'accountholder0@example.com',
    address: { street: '2992 Cameron Road', city: 'Malakoff', region: 'NY', postal_code: '14236', country: 'US' },
  },
  description: 'Rent payment',
  metadata: { invoice_id: 'INV-2211' },
  origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
} as const;

describeEngines('transfer authorization: sandbox decision rules', (sandbox) => {
  let good: TestItem;
  beforeAll(async () => {
    good = await newItem(sandbox());
  });

  it('approves an amount below the available balance and echoes the proposed transfer', async () => {
    const { authorization } = await sandbox().ok(
      'transferAuthorizationCreate',
      authorizationRequest(good, { device: { ip_address: '203.0.113.42', user_agent: 'test' } }),
    );
    expect(authorization).toMatchObject({
      decision: 'approved',
      decision_rationale: null,
      created: '2026-11-02T10:00:00Z',
      proposed_transfer: {
        account_id: good.accounts[0]?.account_id,
        type: 'debit',
        network: 'ach',
        ach_class: 'ppd',
        amount: '12.34',
        origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
        user: { legal_name: 'Alberta Bobbeth Charleson', phone_number: null, email_address: null, address: null },
      },
    });
  });

  it.each([
    ['equal to the available balance (100.00) → approved', '100.00', 'approved', null],
    ['one cent above the available balance → declined NSF', '100.01', 'declined', 'NSF'],
    ['150.00 against 100 available → declined NSF', '150.00', 'declined', 'NSF'],
  ])('decides an amount %s', async (_name, amount, decision, rationale) => {
    const { authorization } = await sandbox().ok('transferAuthorizationCreate', authorizationRequest(good, { amount }));
    expect([authorization.decision, authorization.decision_rationale]).toEqual([decision, rationale]);
  });

  it('decides by balance whatever the type (a credit above the balance is declined too)', async () => {
    const { authorization } = await sandbox().ok(
      'transferAuthorizationCreate',
      authorizationRequest(good, { type: 'credit', network: 'same-day-ach', amount: '150.00' }),
    );
    expect(authorization.decision_rationale).toBe('NSF');
  });

  it('permits with ERROR on an account whose available balance is null (credit card)', async () => {
    const card = good.accounts.find((account) => account.subtype === 'credit card');
    expect(card?.available).toBeNull();
    const { authorization } = await sandbox().ok(
      'transferAuthorizationCreate',
      authorizationRequest(good, { account_id: card?.account_id ?? '' }),
    );
    expect([authorization.decision, authorization.decision_rationale]).toEqual(['permitted', 'ERROR']);
  });

  it.each([
    ['user_zero_balance', 'pass_good', 'declined', 'RISK'],
    ['user_good', 'microdeposits_good', 'permitted', 'MANUALLY_VERIFIED_ITEM'],
    ['user_login_reset', 'pass_good', 'permitted', 'LOGIN_REQUIRED'],
    ['user_custom', 'pass_good', 'permitted', 'ERROR'],
    ['user_owners_unavailable', 'pass_good', 'permitted', 'ERROR'],
  ])('decides for test user %s / %s: %s %s', async (username, password, decision, rationale) => {
    const item = await newItem(sandbox(), { username, password });
    const { authorization } = await sandbox().ok(
      'transferAuthorizationCreate',
      authorizationRequest(item, { amount: '1.00' }),
    );
    expect([authorization.decision, authorization.decision_rationale]).toEqual([decision, rationale]);
  });

  it('refuses an account of another Item with INVALID_ACCOUNT_ID', async () => {
    const reply = await sandbox().fail(
      'transferAuthorizationCreate',
      authorizationRequest(good, { account_id: CANONICAL_ACCOUNT_IDS[0] }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCOUNT_ID' });
    expect(reply.body.error_message).toContain(CANONICAL_ACCOUNT_IDS[0]);
  });

  it("refuses an unknown access token and another client's token alike", async () => {
    const unknown = await sandbox().fail(
      'transferAuthorizationCreate',
      authorizationRequest({ ...CANONICAL, accessToken: 'access-sandbox-00000000-0000-4000-8000-000000000000' }),
    );
    const theirs = await sandbox().fail('transferAuthorizationCreate', authorizationRequest(CANONICAL), 'demo');
    expect(unknown.body.error_code).toBe('INVALID_ACCESS_TOKEN');
    expect(theirs.body.error_code).toBe('INVALID_ACCESS_TOKEN');
    expect(theirs.body.error_message).toBe(unknown.body.error_message);
  });

  it("refuses an origination account that is not the client's", async () => {
    const reply = await sandbox().fail(
      'transferAuthorizationCreate',
      authorizationRequest(good, { origination_account_id: DEMO_ORIGINATION_ACCOUNT_IDS[0] }),
    );
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ORIGINATION_ACCOUNT_ID' });
  });

  it('refuses an Item made by /bank_transfer/migrate_account (bank transfers only)', async () => {
    const migrated = await sandbox().ok('bankTransferMigrateAccount', {
      account_number: '1111222233330000',
      routing_number: '011401533',
      account_type: 'checking',
    });
    const reply = await sandbox().fail(
      'transferAuthorizationCreate',
      authorizationRequest({
        accessToken: migrated.access_token,
        itemId: '',
        accounts: [{ account_id: migrated.account_id, subtype: 'checking', available: null }],
      }),
    );
    expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'PRODUCTS_NOT_SUPPORTED' });
  });
});

describeEngines('transfer create', (sandbox) => {
  let good: TestItem;
  beforeAll(async () => {
    good = await newItem(sandbox());
  });

  it('answers the docs example on a fresh store with the canonical transfer (its idempotency key), every time', async () => {
    const first = await sandbox().ok('transferCreate', CREATE_EXAMPLE);
    const again = await sandbox().ok('transferCreate', CREATE_EXAMPLE);
    expect(first.transfer).toEqual({
      id: CANONICAL_TRANSFER_ID,
      account_id: CANONICAL_ACCOUNT_IDS[0],
      ach_class: 'ppd',
      amount: '12.34',
      cancellable: true,
      created: '2026-11-02T15:04:35Z',
      description: 'Rent payment',
      failure_reason: null,
      metadata: { invoice_id: 'INV-2211' },
      network: 'ach',
      origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
      status: 'pending',
      type: 'debit',
      user: CREATE_EXAMPLE.user,
    });
    expect(again.transfer).toEqual(first.transfer);
  });

  it('answers the minimal example with a new transfer from the seeded permitted authorization', async () => {
    const minimal = {
      idempotency_key: 'payout-2026-11-0001',
      access_token: CANONICAL_ITEM.accessToken,
      account_id: CANONICAL_ACCOUNT_IDS[0],
      authorization_id: '9b3d5f7a-1c2e-4a6b-8d0f-e1a2b3c4d5e6',
      type: 'credit',
      network: 'same-day-ach',
      amount: '12.34',
      ach_class: 'ppd',
      user: { legal_name: 'Alberta Bobbeth Charleson' },
      description: 'Payout',
    } as const;
    const { transfer } = await sandbox().ok('transferCreate', minimal);
    expect(transfer).toMatchObject({
      type: 'credit',
      status: 'pending',
      metadata: {},
      origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
    });
    expect(transfer.user).toEqual({
      legal_name: 'Alberta Bobbeth Charleson',
      phone_number: null,
      email_address: null,
      address: null,
    });
    expect((await sandbox().ok('transferCreate', minimal)).transfer.id).toBe(transfer.id);
  });

  it('creates a pending, cancellable transfer with the authorized values and a pending event', async () => {
    const request = authorizationRequest(good, { amount: '20.00' });
    const { authorization, transfer } = await authorizeAndCreate(sandbox(), request, newKey());
    expect(transfer).toMatchObject({
      account_id: request.account_id,
      amount: '20.00',
      status: 'pending',
      cancellable: true,
      failure_reason: null,
      origination_account_id: authorization.proposed_transfer.origination_account_id,
    });
    const { transfer_events } = await sandbox().ok('transferEventSync', { after_id: 0 });
    const mine = transfer_events.filter((event) => event.transfer_id === transfer.id);
    expect(mine).toEqual([
      expect.objectContaining({
        event_type: 'pending',
        transfer_amount: '20.00',
        transfer_type: 'debit',
        failure_reason: null,
      }),
    ]);
  });

  it('uses an authorization once: a second transfer fails with TRANSFER_AUTHORIZATION_ALREADY_USED naming the first', async () => {
    const request = authorizationRequest(good);
    const { authorization, transfer } = await authorizeAndCreate(sandbox(), request, newKey());
    const reply = await sandbox().fail('transferCreate', transferRequest(request, authorization.id, newKey()));
    expect(reply.body).toMatchObject({
      error_type: 'TRANSFER_ERROR',
      error_code: 'TRANSFER_AUTHORIZATION_ALREADY_USED',
    });
    expect(reply.body.error_message).toContain(transfer.id);
  });

  it('refuses a declined authorization with TRANSFER_AUTHORIZATION_DECLINED', async () => {
    const request = authorizationRequest(good, { amount: '150.00' });
    const { authorization } = await sandbox().ok('transferAuthorizationCreate', request);
    const reply = await sandbox().fail('transferCreate', transferRequest(request, authorization.id, newKey()));
    expect(reply.body).toMatchObject({ error_type: 'TRANSFER_ERROR', error_code: 'TRANSFER_AUTHORIZATION_DECLINED' });
    expect(reply.body.error_message).toContain('NSF');
  });

  it.each([
    ['amount', { amount: '20.00' }],
    ['type', { type: 'credit' as const }],
    ['network', { network: 'same-day-ach' as const }],
    ['ach_class', { ach_class: 'web' as const }],
  ])('refuses a transfer whose %s differs from the authorization, naming the field', async (field, change) => {
    const request = authorizationRequest(good);
    const { authorization } = await sandbox().ok('transferAuthorizationCreate', request);
    const reply = await sandbox().fail('transferCreate', transferRequest(request, authorization.id, newKey(), change));
    expect(reply.body).toMatchObject({ error_type: 'TRANSFER_ERROR', error_code: 'TRANSFER_AUTHORIZATION_MISMATCH' });
    expect(reply.body.error_message.startsWith(`${field} `)).toBe(true);
    // The authorization was not used up by the refused call.
    await sandbox().ok('transferCreate', transferRequest(request, authorization.id, newKey()));
  });

  it('refuses another account of the same Item as account_id mismatch', async () => {
    const request = authorizationRequest(good);
    const { authorization } = await sandbox().ok('transferAuthorizationCreate', request);
    const savings = good.accounts[1]?.account_id ?? '';
    const reply = await sandbox().fail(
      'transferCreate',
      transferRequest(request, authorization.id, newKey(), { account_id: savings }),
    );
    expect(reply.body.error_code).toBe('TRANSFER_AUTHORIZATION_MISMATCH');
    expect(reply.body.error_message).toContain('account_id');
  });

  it('refuses a default origination account that is not the authorized one (demo client, two accounts)', async () => {
    const demoItem = await newItem(sandbox(), {}, 'demo');
    const request = authorizationRequest(demoItem, { origination_account_id: DEMO_ORIGINATION_ACCOUNT_IDS[1] });
    const { authorization } = await sandbox().ok('transferAuthorizationCreate', request, 'demo');
    const { origination_account_id: _given, ...withoutOrigination } = request;
    const reply = await sandbox().fail(
      'transferCreate',
      transferRequest(withoutOrigination, authorization.id, newKey()),
      'demo',
    );
    expect(reply.body.error_code).toBe('TRANSFER_AUTHORIZATION_MISMATCH');
    expect(reply.body.error_message).toContain(`origination_account_id ${DEMO_ORIGINATION_ACCOUNT_IDS[0]}`);
  });

  it("refuses an unknown authorization and another client's alike (INVALID_AUTHORIZATION_ID)", async () => {
    const unknown = await sandbox().fail(
      'transferCreate',
      transferRequest(authorizationRequest(good), '0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e', newKey()),
    );
    expect(unknown.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_AUTHORIZATION_ID' });
    const demoItem = await newItem(sandbox(), {}, 'demo');
    const theirs = await sandbox().fail(
      'transferCreate',
      transferRequest(authorizationRequest(demoItem), CANONICAL_AUTHORIZATION_ID, newKey()),
      'demo',
    );
    expect(theirs.body.error_code).toBe('INVALID_AUTHORIZATION_ID');
  });

  describe('idempotency', () => {
    it('returns the first transfer for a repeat, also with credentials in the body, and adds no event', async () => {
      const request = authorizationRequest(good);
      const { authorization } = await sandbox().ok('transferAuthorizationCreate', request);
      const body = transferRequest(request, authorization.id, newKey());
      const first = await sandbox().ok('transferCreate', body);
      const before = await sandbox().ok('transferEventSync', { after_id: 0, count: 25 });
      const repeat = await sandbox().call(
        'transferCreate',
        { ...body, client_id: '62b4f1c9a7d3e5001a2b3c4d', secret: '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' },
        'none',
      );
      expect(repeat.status).toBe(200);
      expect((repeat.body as typeof first).transfer).toEqual(first.transfer);
      const events = await sandbox()
        .sandbox.store.db.selectFrom('transfer_events')
        .select('event_id')
        .where('transfer_id', '=', first.transfer.id)
        .execute();
      expect(events).toHaveLength(1);
      expect((await sandbox().ok('transferEventSync', { after_id: 0, count: 25 })).transfer_events).toEqual(
        before.transfer_events,
      );
    });

    it('refuses the same key with a different request (IDEMPOTENCY_KEY_REUSED) and changes nothing', async () => {
      const request = authorizationRequest(good);
      const { authorization } = await sandbox().ok('transferAuthorizationCreate', request);
      const key = newKey();
      const first = await sandbox().ok('transferCreate', transferRequest(request, authorization.id, key));
      const reply = await sandbox().fail(
        'transferCreate',
        transferRequest(request, authorization.id, key, { description: 'Other' }),
      );
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(reply.body.error_message).toContain(key);
      expect((await sandbox().ok('transferGet', { transfer_id: first.transfer.id })).transfer.description).toBe('Test');
    });

    it('does not use up the key of a failed request', async () => {
      const declinedRequest = authorizationRequest(good, { amount: '150.00' });
      const declined = await sandbox().ok('transferAuthorizationCreate', declinedRequest);
      const key = newKey();
      await sandbox().fail('transferCreate', transferRequest(declinedRequest, declined.authorization.id, key));
      const request = authorizationRequest(good);
      const { authorization } = await sandbox().ok('transferAuthorizationCreate', request);
      await sandbox().ok('transferCreate', transferRequest(request, authorization.id, key));
    });

    it('creates one transfer for concurrent requests with one key', async () => {
      const request = authorizationRequest(good);
      const { authorization } = await sandbox().ok('transferAuthorizationCreate', request);
      const body = transferRequest(request, authorization.id, newKey());
      const replies = await Promise.all(Array.from({ length: 8 }, () => sandbox().call('transferCreate', body)));
      expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(200));
      const ids = new Set(replies.map((reply) => (reply.body as { transfer: { id: string } }).transfer.id));
      expect(ids.size).toBe(1);
      const stored = await sandbox()
        .sandbox.store.db.selectFrom('transfers')
        .select('transfer_id')
        .where('authorization_id', '=', authorization.id)
        .execute();
      expect(stored).toHaveLength(1);
    });

    it('lets exactly one of concurrent creates with different keys use an authorization', async () => {
      const request = authorizationRequest(good);
      const { authorization } = await sandbox().ok('transferAuthorizationCreate', request);
      const replies = await Promise.all(
        Array.from({ length: 6 }, () =>
          sandbox().call('transferCreate', transferRequest(request, authorization.id, newKey())),
        ),
      );
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
      for (const reply of replies.filter((entry) => entry.status !== 200)) {
        expect((reply.body as { error_code: string }).error_code).toBe('TRANSFER_AUTHORIZATION_ALREADY_USED');
      }
    });
  });
});

describeEngines('transfer get, list and cancel', (sandbox) => {
  let good: TestItem;
  beforeAll(async () => {
    good = await newItem(sandbox());
  });

  it('gets the canonical transfer of the docs', async () => {
    const { transfer } = await sandbox().ok('transferGet', { transfer_id: CANONICAL_TRANSFER_ID });
    expect(transfer).toMatchObject({ id: CANONICAL_TRANSFER_ID, status: 'pending', amount: '12.34' });
  });

  it("answers an unknown id and another client's transfer alike (INVALID_TRANSFER_ID)", async () => {
    for (const operation of ['transferGet', 'transferCancel'] as const) {
      const unknown = await sandbox().fail(operation, { transfer_id: '5f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9' });
      const theirs = await sandbox().fail(operation, { transfer_id: CANONICAL_TRANSFER_ID }, 'demo');
      expect(unknown.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_TRANSFER_ID' });
      expect(theirs.body.error_code).toBe('INVALID_TRANSFER_ID');
      // The handler gives no suggested action: the catalogue's is sent.
      expect(theirs.body.suggested_action).toBe(
        errorCatalogue.get('INVALID_INPUT', 'INVALID_TRANSFER_ID').suggestedAction,
      );
    }
    // Still there, still pending, for its owner.
    expect((await sandbox().ok('transferGet', { transfer_id: CANONICAL_TRANSFER_ID })).transfer.status).toBe('pending');
  });

  describe('list', () => {
    const created: { id: string; created: string }[] = [];
    beforeAll(async () => {
      // 08:00:00Z, 08:01:00Z, 08:01:00.250Z twice (a tie), 08:02:00.250Z: a whole second is
      // written without fractional seconds, so only its instant sorts it before 08:01:00.250Z.
      sandbox().clock.set('2026-12-01T08:00:00.000Z');
      const steps = [60_000, 250, 0, 60_000];
      for (let index = 0; index < 5; index++) {
        const { transfer } = await authorizeAndCreate(sandbox(), authorizationRequest(good), newKey('list'));
        created.push({ id: transfer.id, created: transfer.created });
        sandbox().clock.advance(steps[index] ?? 0);
      }
    });

    it('lists newest first, ties by id, and includes the canonical transfer last', async () => {
      const { transfers } = await sandbox().ok('transferList', {});
      expect(transfers).toHaveLength(6);
      const expected = [...created].sort(newestFirst);
      expect(transfers.slice(0, 5).map((transfer) => transfer.id)).toEqual(expected.map((entry) => entry.id));
      expect(transfers[5]?.id).toBe(CANONICAL_TRANSFER_ID);
    });

    it('pages with count and offset without duplicates or gaps', async () => {
      const all = (await sandbox().ok('transferList', {})).transfers.map((transfer) => transfer.id);
      const paged: string[] = [];
      for (let offset = 0; ; offset += 2) {
        const { transfers } = await sandbox().ok('transferList', { count: 2, offset });
        paged.push(...transfers.map((transfer) => transfer.id));
        if (transfers.length < 2) {
          break;
        }
      }
      expect(paged).toEqual(all);
      expect((await sandbox().ok('transferList', { offset: 100 })).transfers).toEqual([]);
    });

    it('bounds by creation time, both bounds inclusive', async () => {
      const first = created[0]?.created ?? '';
      const last = created[4]?.created ?? '';
      const { transfers } = await sandbox().ok('transferList', { start_date: first, end_date: last });
      expect(transfers.map((transfer) => transfer.id).sort()).toEqual(created.map((entry) => entry.id).sort());
      const exact = await sandbox().ok('transferList', { start_date: first, end_date: first });
      expect(exact.transfers.map((transfer) => transfer.id)).toEqual([created[0]?.id]);
      const november = await sandbox().ok('transferList', {
        start_date: '2026-11-01T00:00:00Z',
        end_date: '2026-11-30T23:59:59Z',
      });
      expect(november.transfers.map((transfer) => transfer.id)).toEqual([CANONICAL_TRANSFER_ID]);
    });

    it('refuses start_date later than end_date (INVALID_FIELD naming start_date)', async () => {
      const reply = await sandbox().fail('transferList', {
        start_date: '2026-12-01T00:00:00Z',
        end_date: '2026-11-30T23:59:59Z',
      });
      expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
      expect(reply.body.error_message).toBe(
        'start_date 2026-12-01T00:00:00Z is later than end_date 2026-11-30T23:59:59Z',
      );
    });

    it.each([0, 26])('refuses count %i (1 to 25)', async (count) => {
      const reply = await sandbox().fail('transferList', { count });
      expect(reply.body.error_code).toBe('INVALID_FIELD');
    });

    it('refuses a negative offset', async () => {
      expect((await sandbox().fail('transferList', { offset: -1 })).body.error_code).toBe('INVALID_FIELD');
    });

    it("filters by origination account and refuses one that is not the client's", async () => {
      const mine = await sandbox().ok('transferList', { origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID });
      expect(mine.transfers).toHaveLength(6);
      const reply = await sandbox().fail('transferList', { origination_account_id: DEMO_ORIGINATION_ACCOUNT_IDS[0] });
      expect(reply.body.error_code).toBe('INVALID_ORIGINATION_ACCOUNT_ID');
    });

    it('filters by origination account of a client whose accounts are not provisioned yet (provisioned on the way)', async () => {
      const { db } = sandbox().sandbox.store;
      await db.deleteFrom('origination_accounts').where('client_id', '=', DEMO_CLIENT.clientId).execute();
      const reply = await sandbox().fail(
        'transferList',
        { origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID },
        'demo',
      );
      expect(reply.body.error_code).toBe('INVALID_ORIGINATION_ACCOUNT_ID');
      await db.deleteFrom('origination_accounts').where('client_id', '=', DEMO_CLIENT.clientId).execute();
      const listed = await sandbox().ok(
        'bankTransferList',
        { origination_account_id: DEMO_ORIGINATION_ACCOUNT_IDS[1] },
        'demo',
      );
      expect(listed.bank_transfers).toEqual([]);
      const provisioned = await db
        .selectFrom('origination_accounts')
        .select('origination_account_id')
        .where('client_id', '=', DEMO_CLIENT.clientId)
        .orderBy('origination_account_id')
        .execute();
      expect(provisioned.map((row) => row.origination_account_id)).toEqual([...DEMO_ORIGINATION_ACCOUNT_IDS].sort());
    });

    it("never lists another client's transfers; filters the demo client's two origination accounts", async () => {
      expect((await sandbox().ok('transferList', {}, 'demo')).transfers).toEqual([]);
      const demoItem = await newItem(sandbox(), {}, 'demo');
      const second = await authorizeAndCreate(
        sandbox(),
        authorizationRequest(demoItem, { origination_account_id: DEMO_ORIGINATION_ACCOUNT_IDS[1] }),
        newKey(),
        'demo',
      );
      await authorizeAndCreate(sandbox(), authorizationRequest(demoItem), newKey(), 'demo');
      expect((await sandbox().ok('transferList', {}, 'demo')).transfers).toHaveLength(2);
      const filtered = await sandbox().ok(
        'transferList',
        { origination_account_id: DEMO_ORIGINATION_ACCOUNT_IDS[1] },
        'demo',
      );
      expect(filtered.transfers.map((transfer) => transfer.id)).toEqual([second.transfer.id]);
    });
  });

  describe('cancel', () => {
    it('cancels a pending transfer: status cancelled, not cancellable, a cancelled event', async () => {
      const { transfer } = await authorizeAndCreate(sandbox(), authorizationRequest(good), newKey());
      await sandbox().ok('transferCancel', { transfer_id: transfer.id });
      const after = await sandbox().ok('transferGet', { transfer_id: transfer.id });
      expect(after.transfer).toMatchObject({ status: 'cancelled', cancellable: false, failure_reason: null });
      const { transfer_events } = await sandbox().ok('transferEventSync', { after_id: 0 });
      expect(
        transfer_events.filter((event) => event.transfer_id === transfer.id).map((event) => event.event_type),
      ).toEqual(['pending', 'cancelled']);
    });

    it('refuses to cancel twice (TRANSFER_NOT_CANCELLABLE naming the status)', async () => {
      const { transfer } = await authorizeAndCreate(sandbox(), authorizationRequest(good), newKey());
      await sandbox().ok('transferCancel', { transfer_id: transfer.id });
      const reply = await sandbox().fail('transferCancel', { transfer_id: transfer.id });
      expect(reply.body).toMatchObject({ error_type: 'TRANSFER_ERROR', error_code: 'TRANSFER_NOT_CANCELLABLE' });
      expect(reply.body.error_message).toContain('its status is cancelled');
    });

    it('refuses a transfer whose cancellable is false (sent to the network)', async () => {
      const { transfer } = await authorizeAndCreate(sandbox(), authorizationRequest(good), newKey());
      await sandbox()
        .sandbox.store.db.updateTable('transfers')
        .set({ status: 'posted', cancellable: 0 })
        .where('transfer_id', '=', transfer.id)
        .execute();
      const reply = await sandbox().fail('transferCancel', { transfer_id: transfer.id });
      expect(reply.body.error_code).toBe('TRANSFER_NOT_CANCELLABLE');
      expect(reply.body.error_message).toContain('its status is posted');
    });

    it('lets exactly one of concurrent cancels succeed, with one cancelled event', async () => {
      const { transfer } = await authorizeAndCreate(sandbox(), authorizationRequest(good), newKey());
      const replies = await Promise.all(
        Array.from({ length: 6 }, () => sandbox().call('transferCancel', { transfer_id: transfer.id })),
      );
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
      for (const reply of replies.filter((entry) => entry.status !== 200)) {
        expect((reply.body as { error_code: string }).error_code).toBe('TRANSFER_NOT_CANCELLABLE');
      }
      const events = await sandbox()
        .sandbox.store.db.selectFrom('transfer_events')
        .select('event_type')
        .where('transfer_id', '=', transfer.id)
        .execute();
      expect(events.map((event) => event.event_type).sort()).toEqual(['cancelled', 'pending']);
    });
  });
});

describeEngines('transfer event sync', (sandbox) => {
  it('starts with the canonical pending event, event 1', async () => {
    const { transfer_events } = await sandbox().ok('transferEventSync', { after_id: 0, count: 25 });
    expect(transfer_events).toEqual([
      {
        event_id: 1,
        timestamp: '2026-11-02T15:04:35Z',
        event_type: 'pending',
        account_id: CANONICAL_ACCOUNT_IDS[0],
        transfer_id: CANONICAL_TRANSFER_ID,
        origination_account_id: CANONICAL_ORIGINATION_ACCOUNT_ID,
        transfer_type: 'debit',
        transfer_amount: '12.34',
        failure_reason: null,
      },
    ]);
  });

  it('pages after_id by count (default and most 25), ids strictly increasing, each event once', async () => {
    const item = await newItem(sandbox());
    for (let index = 0; index < 30; index++) {
      await authorizeAndCreate(sandbox(), authorizationRequest(item, { amount: '1.00' }), newKey('sync'));
    }
    const all = await sandbox()
      .sandbox.store.db.selectFrom('transfer_events')
      .select('event_id')
      .where('client_id', '=', '62b4f1c9a7d3e5001a2b3c4d')
      .orderBy('event_id')
      .execute();
    expect(all.map((row) => row.event_id)).toEqual(Array.from({ length: 31 }, (_, index) => index + 1));
    const firstPage = await sandbox().ok('transferEventSync', { after_id: 0 });
    expect(firstPage.transfer_events).toHaveLength(25);
    const seen: number[] = [];
    let after = 0;
    for (;;) {
      const { transfer_events } = await sandbox().ok('transferEventSync', { after_id: after, count: 7 });
      expect(transfer_events.length).toBeLessThanOrEqual(7);
      if (transfer_events.length === 0) {
        break;
      }
      seen.push(...transfer_events.map((event) => event.event_id));
      after = transfer_events.at(-1)?.event_id ?? after;
    }
    expect(seen).toEqual(all.map((row) => row.event_id));
  });

  it('numbers each client from 1 and shows only its own events', async () => {
    const demoItem = await newItem(sandbox(), {}, 'demo');
    await authorizeAndCreate(sandbox(), authorizationRequest(demoItem), newKey(), 'demo');
    const { transfer_events } = await sandbox().ok('transferEventSync', { after_id: 0 }, 'demo');
    expect(transfer_events.map((event) => event.event_id)).toEqual([1]);
    expect(DEMO_CLIENT.clientId).not.toBe('62b4f1c9a7d3e5001a2b3c4d');
  });

  it.each([
    [{ after_id: -1 }, 'after_id'],
    [{ after_id: 0, count: 0 }, 'count'],
    [{ after_id: 0, count: 26 }, 'count'],
  ])('refuses %j', async (body, field) => {
    const reply = await sandbox().fail('transferEventSync', body);
    expect(reply.body.error_code).toBe('INVALID_FIELD');
    expect(reply.body.error_message).toContain(field);
  });
});
