import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { callFaulted } from '../../support/faults.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import {
  authorizationRequest,
  newItem,
  newKey,
  type TestItem,
  transferRequest,
} from '../../support/transfer-fixtures.js';

/** How many transfers the store holds. */
async function transferCount(sandbox: TestSandbox): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from transfers`.execute(
    sandbox.sandbox.store.db,
  );
  return Number(rows[0]?.n);
}

/** A transfer create request on a fresh approved authorization of `item`. */
async function transferCreateBody(sandbox: TestSandbox, item: TestItem, key: string) {
  const request = authorizationRequest(item);
  const { authorization } = await sandbox.ok('transferAuthorizationCreate', request);
  return transferRequest(request, authorization.id, key);
}

describeEngines('failures on demand: the SVC-Sandbox-Fault header', (sandbox) => {
  let item: TestItem;

  it('adds latency, then handles the request', async () => {
    item = await newItem(sandbox());
    const plain = await callFaulted(sandbox(), 'sandboxFaultRuleList', {});
    const slow = await callFaulted(sandbox(), 'sandboxFaultRuleList', {}, 'latency=150ms');
    expect(slow).toMatchObject({ dropped: false, status: 200 });
    expect(slow.ms).toBeGreaterThanOrEqual(145);
    expect(plain.ms).toBeLessThan(slow.ms);
  });

  it.each([
    ['error=RATE_LIMIT_EXCEEDED', 429, 'RATE_LIMIT_EXCEEDED', 'RATE_LIMIT'],
    ['error=INTERNAL_SERVER_ERROR', 500, 'API_ERROR', 'INTERNAL_SERVER_ERROR'],
    ['error=SERVICE_UNAVAILABLE', 503, 'API_ERROR', 'SERVICE_UNAVAILABLE'],
    ['error=INSTITUTION_NOT_RESPONDING', 400, 'INSTITUTION_ERROR', 'INSTITUTION_NOT_RESPONDING'],
    ['error=INVALID_INPUT/IDEMPOTENCY_KEY_REUSED', 400, 'INVALID_INPUT', 'IDEMPOTENCY_KEY_REUSED'],
  ])('%s answers HTTP %i %s / %s and changes nothing', async (fault, status, type, code) => {
    const key = newKey('error-fault');
    const body = await transferCreateBody(sandbox(), item, key);
    const before = await transferCount(sandbox());
    const outcome = await callFaulted(sandbox(), 'transferCreate', body, fault);
    if (outcome.dropped) {
      throw new Error('the connection was dropped');
    }
    expect(outcome.status).toBe(status);
    expect(outcome.body).toMatchObject({ error_type: type, error_code: code, status });
    expect(outcome.body.error_message).toContain('fault was asked for this request');
    expect(outcome.headers.get('retry-after')).toBe(status === 429 ? '1' : null);
    expect(await transferCount(sandbox())).toBe(before);
    // The key was not used up: the same request without the fault creates the transfer.
    const created = await callFaulted(sandbox(), 'transferCreate', body);
    expect(created).toMatchObject({ dropped: false, status: 200 });
    expect(await transferCount(sandbox())).toBe(before + 1);
  });

  it('drop=before closes the connection without an answer and changes nothing', async () => {
    const body = await transferCreateBody(sandbox(), item, newKey('drop-before'));
    const before = await transferCount(sandbox());
    expect(await callFaulted(sandbox(), 'transferCreate', body, 'drop=before')).toMatchObject({ dropped: true });
    expect(await transferCount(sandbox())).toBe(before);
  });

  it('drop=after_commit loses the answer of a committed transfer; a retry with the key returns that transfer', async () => {
    const body = await transferCreateBody(sandbox(), item, newKey('lost-response'));
    const before = await transferCount(sandbox());
    expect(await callFaulted(sandbox(), 'transferCreate', body, 'drop=after_commit')).toMatchObject({ dropped: true });
    expect(await transferCount(sandbox())).toBe(before + 1);
    const retried = await callFaulted(sandbox(), 'transferCreate', body);
    if (retried.dropped) {
      throw new Error('the retry was dropped');
    }
    expect(retried.status).toBe(200);
    const transfer = retried.body.transfer as { id: string };
    // The authorization was used once, by the transfer the retry returned.
    const authorization = await sandbox()
      .sandbox.store.db.selectFrom('transfer_authorizations')
      .select('transfer_id')
      .where('authorization_id', '=', body.authorization_id)
      .executeTakeFirstOrThrow();
    expect(authorization.transfer_id).toBe(transfer.id);
    expect(await transferCount(sandbox())).toBe(before + 1);
  });

  it('drop=after_commit loses a refusal too: the answer never arrives, nothing changes', async () => {
    const body = await transferCreateBody(sandbox(), item, newKey('lost-refusal'));
    const refused = { ...body, amount: '99.99' };
    const before = await transferCount(sandbox());
    expect(await callFaulted(sandbox(), 'transferCreate', refused, 'drop=after_commit')).toMatchObject({
      dropped: true,
    });
    expect(await callFaulted(sandbox(), 'transferCreate', refused)).toMatchObject({
      status: 400,
      body: { error_code: 'TRANSFER_AUTHORIZATION_MISMATCH' },
    });
    expect(await transferCount(sandbox())).toBe(before);
  });

  it('slow_body sends the status at once and the body spread over the time asked', async () => {
    const outcome = await callFaulted(sandbox(), 'sandboxFaultRuleList', {}, 'slow_body=300ms');
    if (outcome.dropped) {
      throw new Error('the connection was dropped');
    }
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({ fault_rules: [] });
    expect(outcome.ms).toBeGreaterThanOrEqual(280);
    expect(outcome.headMs).toBeLessThan(outcome.ms - 150);
  });

  it('slow_body combines with an error: the error body trickles', async () => {
    const outcome = await callFaulted(
      sandbox(),
      'sandboxFaultRuleList',
      {},
      'error=INTERNAL_SERVER_ERROR; slow_body=200ms',
    );
    expect(outcome).toMatchObject({ dropped: false, status: 500 });
    expect(outcome.ms).toBeGreaterThanOrEqual(180);
  });

  it('lets browser apps send the header (CORS preflight)', async () => {
    const response = await fetch(`${sandbox().url}/transfer/create`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Headers': 'svc-sandbox-fault' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('SVC-Sandbox-Fault');
  });

  it.each([
    ['timeout=5s', 'the SVC-Sandbox-Fault header has an unknown directive "timeout"'],
    ['latency=soon', 'the SVC-Sandbox-Fault header gives latency "soon", which is not a duration'],
    ['error=NOT_A_CODE', 'the SVC-Sandbox-Fault header gives error NOT_A_CODE'],
    ['drop=before; error=RATE_LIMIT', 'combines drop with error'],
  ])('refuses the malformed header %j with INVALID_HEADERS naming it, and changes nothing', async (fault, message) => {
    const body = await transferCreateBody(sandbox(), item, newKey('bad-fault'));
    const before = await transferCount(sandbox());
    const outcome = await callFaulted(sandbox(), 'transferCreate', body, fault);
    expect(outcome).toMatchObject({
      dropped: false,
      status: 400,
      body: {
        error_type: 'INVALID_REQUEST',
        error_code: 'INVALID_HEADERS',
        causes: [{ header: 'SVC-Sandbox-Fault', location: 'header' }],
      },
    });
    expect(outcome.dropped ? '' : outcome.body.error_message).toContain(message);
    expect(await transferCount(sandbox())).toBe(before);
  });
});
