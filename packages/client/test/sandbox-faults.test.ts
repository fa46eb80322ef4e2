/**
 * The retry policy against a real sandbox (`@svc/sandbox`, in-process on 127.0.0.1) that fails on
 * purpose through fault rules: a 429 is waited for and retried, a 500 on a money-moving call
 * without idempotency key is never repeated, and a lost response of an idempotency-keyed create
 * is retried and returns the original transfer.
 *
 * The sandbox is loaded from its build (`packages/sandbox/dist`, built first by turbo through
 * `@svc/client#test` in turbo.json) rather than declared as a dependency: the sandbox's own tests
 * depend on this package, and a package cycle would break the build order.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, SvcApiError, type SvcClient } from '../src/index.js';

/** What this test uses of `@svc/sandbox`. */
interface SandboxModule {
  startSandbox(options: Record<string, unknown>): Promise<{ url: string; stop(): Promise<void> }>;
  silentLogger: unknown;
  EXAMPLES_TIME: string;
  DEFAULT_CLIENT: { clientId: string; secret: string };
}

const sandboxEntry = fileURLToPath(new URL('../../sandbox/dist/index.js', import.meta.url));
let sandbox: Awaited<ReturnType<SandboxModule['startSandbox']>>;
let client: SvcClient;
/** A client that never retries, to set up rules and look at state. */
let direct: SvcClient;

beforeAll(async () => {
  if (!existsSync(sandboxEntry)) {
    throw new Error(`${sandboxEntry} is missing: build the sandbox first (pnpm turbo run build --filter=@svc/sandbox)`);
  }
  const module = (await import(pathToFileURL(sandboxEntry).href)) as SandboxModule;
  sandbox = await module.startSandbox({
    port: 0,
    store: { kind: 'memory' },
    logger: module.silentLogger,
    rateLimit: null,
    // The time the spec's examples describe: the same answers on any day the test runs.
    startTime: module.EXAMPLES_TIME,
  });
  const credentials = { clientId: module.DEFAULT_CLIENT.clientId, secret: module.DEFAULT_CLIENT.secret };
  client = createClient({ ...credentials, baseUrl: sandbox.url, maxRetries: 2 });
  direct = createClient({ ...credentials, baseUrl: sandbox.url, maxRetries: 0 });
});

afterAll(async () => {
  await sandbox?.stop();
});

/** The client's error of `promise`, failing the test when it resolves. */
async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded but an error was expected');
}

/** A new Item's checking account and an approved authorization of a 12.34 debit from it. */
async function authorizedTransfer() {
  const { public_token } = await direct.sandboxPublicTokenCreate({
    institution_id: 'ins_109508',
    initial_products: ['auth'],
  });
  const { access_token } = await direct.itemPublicTokenExchange({ public_token });
  const { accounts } = await direct.authGet({ access_token });
  const account_id = accounts.find((account) => account.subtype === 'checking')?.account_id ?? '';
  const transfer = {
    access_token,
    account_id,
    type: 'debit' as const,
    network: 'ach' as const,
    amount: '12.34',
    ach_class: 'ppd' as const,
    user: { legal_name: 'Alberta Bobbeth Charleson' },
  };
  const { authorization } = await direct.transferAuthorizationCreate(transfer);
  return { transfer, account_id, authorization };
}

describe('retries against a sandbox that fails on purpose', () => {
  it('waits for the Retry-After of a 429 and retries; the retry succeeds', async () => {
    await direct.sandboxFaultRuleCreate({
      operations: ['institutionsGet'],
      fault: 'error=RATE_LIMIT_EXCEEDED',
      remaining: 1,
    });
    const started = performance.now();
    const result = await client.institutionsGet({ count: 1, offset: 0, country_codes: ['US'] });
    expect(result.institutions).toHaveLength(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    const { fault_rules } = await direct.sandboxFaultRuleList({});
    expect(fault_rules[0]).toMatchObject({ matched_count: 2, fault_count: 1, remaining: 0 });
    await direct.sandboxFaultRuleRemove({});
  });

  it('never repeats a 500 of a money-moving call without idempotency key', async () => {
    await direct.sandboxFaultRuleCreate({
      operations: ['paymentInitiationPaymentCreate'],
      fault: 'error=INTERNAL_SERVER_ERROR',
      remaining: 1,
    });
    const before = await direct.paymentInitiationPaymentList({ count: 200 });
    const error = await errorOf(
      client.paymentInitiationPaymentCreate({
        recipient_id: 'recipient-id-sandbox-9b6b4679-914b-445b-9450-efbdb80296f6',
        reference: 'FaultTest1',
        amount: { currency: 'GBP', value: 12.5 },
      }),
    );
    expect(error).toBeInstanceOf(SvcApiError);
    expect((error as SvcApiError).status).toBe(500);
    const { fault_rules } = await direct.sandboxFaultRuleList({});
    expect(fault_rules[0]).toMatchObject({ matched_count: 1, fault_count: 1 });
    const after = await direct.paymentInitiationPaymentList({ count: 200 });
    expect(after.payments).toHaveLength(before.payments.length);
    await direct.sandboxFaultRuleRemove({});
  });

  it('retries an idempotency-keyed create whose response was lost and gets the original transfer', async () => {
    const { transfer, account_id, authorization } = await authorizedTransfer();
    await direct.sandboxFaultRuleCreate({ operations: ['transferCreate'], fault: 'drop=after_commit', remaining: 1 });
    const created = await client.transferCreate({
      ...transfer,
      authorization_id: authorization.id,
      idempotency_key: 'lost-response-retry-1',
      description: 'Rent',
    });
    const { fault_rules } = await direct.sandboxFaultRuleList({});
    // The first attempt committed and lost its answer; the retry got the same transfer.
    expect(fault_rules[0]).toMatchObject({ matched_count: 2, fault_count: 1 });
    const listed = await direct.transferList({ count: 25 });
    expect(listed.transfers.filter((each) => each.account_id === account_id).map((each) => each.id)).toEqual([
      created.transfer.id,
    ]);
    await direct.sandboxFaultRuleRemove({});
  });

  it('sends a per-call fault header with the first attempt only, so a retry gets the lost answer', async () => {
    const { transfer, account_id, authorization } = await authorizedTransfer();
    const created = await client.transferCreate(
      {
        ...transfer,
        authorization_id: authorization.id,
        idempotency_key: 'lost-response-header-1',
        description: 'Rent',
      },
      { headers: { 'SVC-Sandbox-Fault': 'drop=after_commit' } },
    );
    // The first attempt committed and lost its answer; the retry, sent without the header, got it.
    const listed = await direct.transferList({ count: 25 });
    expect(listed.transfers.filter((each) => each.account_id === account_id).map((each) => each.id)).toEqual([
      created.transfer.id,
    ]);
  });
});
