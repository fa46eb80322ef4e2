/**
 * A seeded, bounded property-based run of random sequences of valid and invalid operations against
 * the sandbox, checking invariants after every step: no 5xx, every body valid against the spec
 * (the harness checks it, so every error is an `ApiError`), a removed Item's token never works
 * again, a payment is never reversed twice, event ids never go backwards, no response contains a
 * secret. fast-check shrinks a failing sequence and prints it with the seed.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { DEFAULT_CLIENT, DEMO_CLIENT } from '../../src/features/world/world.js';
import type { OperationId } from '../../src/generated/handlers.gen.js';
import { describeEngines, type Reply, type TestSandbox } from '../support/harness.js';

const SEED = 20261122;
const RUNS = Number(process.env.SVC_FUZZ_RUNS ?? 30);
const SECRETS = [DEFAULT_CLIENT.secret, DEMO_CLIENT.secret, DEFAULT_CLIENT.webhookSecret, DEMO_CLIENT.webhookSecret];
const USERS: [string, string][] = [
  ['user_good', 'pass_good'],
  ['user_good', 'microdeposits_good'],
  ['user_login_reset', 'pass_good'],
  ['user_zero_balance', 'pass_good'],
  ['user_custom', 'pass_good'],
];
const RECIPIENT = 'recipient-id-sandbox-9b6b4679-914b-445b-9450-efbdb80296f6';
const ORIGINATION = '8945fedc-e703-463d-86b1-dc0607b55460';

/** One step of a sequence. */
type Step =
  | { op: 'newItem'; user: number; as: 'default' | 'demo' }
  | { op: 'exchange'; token: number; asOwner: boolean }
  | { op: 'invalidate' | 'remove' | 'authGet'; token: number; as: 'default' | 'demo' }
  | { op: 'authorize'; token: number; amount: string }
  | { op: 'createTransfer'; authorization: number; key: number }
  | { op: 'cancelTransfer'; transfer: number }
  | { op: 'syncTransferEvents'; count: number }
  | { op: 'createPayment'; value: number }
  | { op: 'simulatePayment'; payment: number; status: string }
  | { op: 'reversePayment'; payment: number }
  | { op: 'junk'; operation: OperationId; body: Record<string, unknown> };

const index = fc.nat({ max: 7 });
const as = fc.constantFrom<'default' | 'demo'>('default', 'default', 'default', 'demo');
const junkValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.nat(), { maxLength: 3 }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('newItem' as const), user: fc.nat({ max: USERS.length - 1 }), as }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('exchange' as const),
      token: index,
      asOwner: fc.nat({ max: 9 }).map((n) => n !== 0),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constantFrom('invalidate' as const, 'remove' as const, 'authGet' as const),
      token: index,
      as,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('authorize' as const),
      token: index,
      amount: fc.constantFrom('1.00', '12.34', '100.00', '150.00', '0.01'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('createTransfer' as const), authorization: index, key: fc.nat({ max: 3 }) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cancelTransfer' as const), transfer: index }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('syncTransferEvents' as const), count: fc.integer({ min: 1, max: 25 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('createPayment' as const), value: fc.integer({ min: 1, max: 500 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('simulatePayment' as const),
      payment: index,
      status: fc.constantFrom('PAYMENT_STATUS_EXECUTED', 'PAYMENT_STATUS_FAILED', 'PAYMENT_STATUS_REJECTED'),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('reversePayment' as const), payment: index }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('junk' as const),
      operation: fc.constantFrom<OperationId>(
        'itemRemove',
        'authGet',
        'transferCreate',
        'paymentInitiationPaymentCreate',
        'transferEventSync',
      ),
      body: fc.dictionary(
        fc.constantFrom('access_token', 'amount', 'after_id', 'count', 'payment_id', 'bogus', 'options'),
        junkValue,
        { maxKeys: 4 },
      ),
    }),
  },
);

/** What the sequence has learnt, and what must hold. */
interface Model {
  publicTokens: { token: string; as: 'default' | 'demo'; used: boolean }[];
  accessTokens: { token: string; as: 'default' | 'demo'; accountId: string | undefined }[];
  dead: Set<string>;
  authorizations: { id: string; body: Record<string, unknown> }[];
  transfers: string[];
  payments: string[];
  reversed: Set<string>;
  lastEventId: number;
}

const pick = <T>(list: readonly T[], at: number): T | undefined =>
  list.length === 0 ? undefined : list[at % list.length];

async function perform(sandbox: TestSandbox, model: Model, next: Step): Promise<Reply> {
  switch (next.op) {
    case 'newItem': {
      const [username, password] = USERS[next.user % USERS.length] as [string, string];
      const reply = await sandbox.call(
        'sandboxPublicTokenCreate',
        {
          institution_id: 'ins_109508',
          initial_products: ['auth', 'transactions'],
          options: { override_username: username, override_password: password },
        },
        next.as,
      );
      if (reply.status === 200) {
        model.publicTokens.push({
          token: (reply.body as { public_token: string }).public_token,
          as: next.as,
          used: false,
        });
      }
      return reply;
    }
    case 'exchange': {
      // Mostly a token not exchanged yet, by its owner; sometimes a used one, or another client.
      const unused = model.publicTokens.filter((candidate) => !candidate.used);
      const entry = pick(next.token % 4 === 3 || unused.length === 0 ? model.publicTokens : unused, next.token);
      const owner = entry?.as ?? 'default';
      const caller = next.asOwner ? owner : owner === 'default' ? 'demo' : 'default';
      const reply = await sandbox.call(
        'itemPublicTokenExchange',
        { public_token: entry?.token ?? 'public-sandbox-unknown' },
        caller,
      );
      if (entry?.used) {
        expect(reply.status, 'a public token was exchanged twice').not.toBe(200);
      }
      if (reply.status === 200 && entry) {
        expect(caller, "another client's public token was exchanged").toBe(owner);
        entry.used = true;
        const accessToken = (reply.body as { access_token: string }).access_token;
        const auth = await sandbox.call('authGet', { access_token: accessToken }, owner);
        const accountId = (auth.body as { accounts?: { account_id: string }[] }).accounts?.[0]?.account_id;
        model.accessTokens.push({ token: accessToken, as: owner, accountId });
      }
      return reply;
    }
    case 'invalidate':
    case 'remove':
    case 'authGet': {
      const entry = pick(model.accessTokens, next.token);
      const token = entry?.token ?? 'access-sandbox-unknown';
      const operation =
        next.op === 'invalidate' ? 'itemAccessTokenInvalidate' : next.op === 'remove' ? 'itemRemove' : 'authGet';
      const reply = await sandbox.call(operation, { access_token: token }, entry?.as ?? next.as);
      if (model.dead.has(token)) {
        expect(reply.status, `a dead access token worked again: ${next.op}`).not.toBe(200);
      }
      if (reply.status === 200 && entry && next.op !== 'authGet') {
        model.dead.add(token);
        if (next.op === 'invalidate') {
          model.accessTokens.push({ ...entry, token: (reply.body as { new_access_token: string }).new_access_token });
        }
      }
      return reply;
    }
    case 'authorize': {
      const entry = pick(
        model.accessTokens.filter((candidate) => candidate.as === 'default'),
        next.token,
      );
      const body = {
        access_token: entry?.token ?? 'access-sandbox-unknown',
        account_id: entry?.accountId ?? 'unknown',
        type: 'debit',
        network: 'ach',
        amount: next.amount,
        ach_class: 'ppd',
        user: { legal_name: 'Fuzz Tester' },
        origination_account_id: ORIGINATION,
      };
      const reply = await sandbox.call('transferAuthorizationCreate', body);
      if (reply.status === 200) {
        model.authorizations.push({ id: (reply.body as { authorization: { id: string } }).authorization.id, body });
      }
      return reply;
    }
    case 'createTransfer': {
      const authorization = pick(model.authorizations, next.authorization);
      const reply = await sandbox.call('transferCreate', {
        ...(authorization?.body ?? {}),
        authorization_id: authorization?.id ?? 'unknown',
        idempotency_key: `fuzz-${next.key}-${authorization?.id ?? 'none'}`,
        description: 'fuzz',
      });
      if (reply.status === 200) {
        const id = (reply.body as { transfer: { id: string } }).transfer.id;
        if (!model.transfers.includes(id)) {
          model.transfers.push(id);
        }
      }
      return reply;
    }
    case 'cancelTransfer':
      return sandbox.call('transferCancel', { transfer_id: pick(model.transfers, next.transfer) ?? 'unknown' });
    case 'syncTransferEvents': {
      const reply = await sandbox.call('transferEventSync', { after_id: model.lastEventId, count: next.count });
      if (reply.status === 200) {
        const ids = (reply.body as { transfer_events: { event_id: number }[] }).transfer_events.map(
          (event) => event.event_id,
        );
        for (const id of ids) {
          expect(id, 'event ids went backwards or repeated').toBeGreaterThan(model.lastEventId);
          model.lastEventId = id;
        }
      }
      return reply;
    }
    case 'createPayment': {
      const reply = await sandbox.call('paymentInitiationPaymentCreate', {
        recipient_id: RECIPIENT,
        reference: 'Fuzz1',
        amount: { currency: 'GBP', value: next.value },
        options: { request_refund_details: true },
      });
      if (reply.status === 200) {
        model.payments.push((reply.body as { payment_id: string }).payment_id);
      }
      return reply;
    }
    case 'simulatePayment':
      return sandbox.call('sandboxPaymentSimulate', {
        payment_id: pick(model.payments, next.payment) ?? 'unknown',
        status: next.status,
      });
    case 'reversePayment': {
      const paymentId = pick(model.payments, next.payment) ?? 'unknown';
      const reply = await sandbox.call('paymentInitiationPaymentReverse', { payment_id: paymentId });
      if (reply.status === 200) {
        expect(model.reversed.has(paymentId), `payment ${paymentId} was reversed twice`).toBe(false);
        model.reversed.add(paymentId);
      }
      return reply;
    }
    case 'junk':
      return sandbox.call(next.operation, next.body);
  }
}

describeEngines('stateful fuzzing', (sandbox, engine) => {
  it(`keeps every invariant over ${RUNS} random sequences (seed ${SEED})`, async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        await sandbox().sandbox.reset();
        const model: Model = {
          publicTokens: [],
          accessTokens: [],
          dead: new Set(),
          authorizations: [],
          transfers: [],
          payments: [],
          reversed: new Set(),
          lastEventId: 0,
        };
        for (const next of steps) {
          const reply = await perform(sandbox(), model, next);
          const key = `${next.op} ${reply.status === 200 ? 'ok' : (reply.body as { error_code?: string }).error_code}`;
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
          expect(reply.status, `${next.op} answered ${reply.status}: ${JSON.stringify(reply.body)}`).toBeLessThan(500);
          const text = JSON.stringify(reply.body);
          for (const secret of SECRETS) {
            expect(text.includes(secret), `${next.op} answered with a secret`).toBe(false);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: false, verbose: 1 },
    );
    // What the sequences exercised: a run that only ever hits errors proves little.
    const summary = [...outcomes].sort().map(([key, count]) => `${key}: ${count}`);
    process.stdout.write(`[${engine}] stateful fuzz outcomes:\n  ${summary.join('\n  ')}\n`);
    const succeeded = [...outcomes].filter(([key]) => key.endsWith(' ok')).map(([key]) => key.split(' ')[0]);
    expect(new Set(succeeded)).toEqual(
      new Set([
        'newItem',
        'exchange',
        'invalidate',
        'remove',
        'authGet',
        'authorize',
        'createTransfer',
        'cancelTransfer',
        'syncTransferEvents',
        'createPayment',
        'simulatePayment',
        'reversePayment',
      ]),
    );
  }, 240_000);
});
