import { afterEach, beforeAll, expect, it } from 'vitest';
import { TRANSFER_TRANSITIONS, type TransferStatus } from '../../../src/features/transfers/transfer-status.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import {
  authorizationRequest,
  authorizeAndCreate,
  newItem,
  newKey,
  type TestItem,
} from '../../support/transfer-fixtures.js';
import { queuedWebhookCodes, verifiedPayload } from '../../support/webhooks.js';

type Simulated = 'posted' | 'settled' | 'failed' | 'returned';
const SIMULATED: readonly Simulated[] = ['posted', 'settled', 'failed', 'returned'];
const STATUSES = Object.keys(TRANSFER_TRANSITIONS) as TransferStatus[];
const R01 = { ach_return_code: 'R01', description: 'Insufficient funds' };

/** The moves that bring a new (pending) transfer to each status. */
const PATH_TO: Record<TransferStatus, readonly (Simulated | 'cancelled')[]> = {
  pending: [],
  posted: ['posted'],
  settled: ['posted', 'settled'],
  cancelled: ['cancelled'],
  failed: ['failed'],
  returned: ['posted', 'returned'],
};

/** The request body of a move of `transferId` to `to` (a failure reason exactly where one is needed). */
function moveRequest(transferId: string, to: Simulated) {
  return {
    transfer_id: transferId,
    event_type: to,
    ...(to === 'failed' || to === 'returned' ? { failure_reason: R01 } : {}),
  };
}

/** A new transfer of `item`, moved to `status`; returns its id. */
async function transferIn(sandbox: TestSandbox, item: TestItem, status: TransferStatus): Promise<string> {
  const { transfer } = await authorizeAndCreate(sandbox, authorizationRequest(item), newKey('sim'));
  for (const step of PATH_TO[status]) {
    if (step === 'cancelled') {
      await sandbox.ok('transferCancel', { transfer_id: transfer.id });
    } else {
      await sandbox.ok('sandboxTransferSimulate', moveRequest(transfer.id, step));
    }
  }
  return transfer.id;
}

/** Every event of the default client, read with event sync from the start. */
async function allEvents(sandbox: TestSandbox) {
  const events: { event_id: number; transfer_id: string; event_type: string; failure_reason: unknown }[] = [];
  for (;;) {
    const { transfer_events } = await sandbox.ok('transferEventSync', {
      after_id: events.at(-1)?.event_id ?? 0,
      count: 25,
    });
    if (transfer_events.length === 0) {
      return events;
    }
    events.push(...transfer_events);
  }
}

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describeEngines('/sandbox/transfer/simulate', (sandbox) => {
  let item: TestItem;
  beforeAll(async () => {
    item = await newItem(sandbox());
  });

  const pairs = STATUSES.flatMap((from) => SIMULATED.map((to) => [from, to] as const));
  it.each(pairs)('from %s to %s: moved as the state machine allows, refused otherwise', async (from, to) => {
    const transferId = await transferIn(sandbox(), item, from);
    if (TRANSFER_TRANSITIONS[from].includes(to)) {
      const { transfer } = await sandbox().ok('sandboxTransferSimulate', moveRequest(transferId, to));
      expect(transfer).toMatchObject({
        id: transferId,
        status: to,
        cancellable: false,
        failure_reason: to === 'failed' || to === 'returned' ? R01 : null,
      });
      const { transfer: read } = await sandbox().ok('transferGet', { transfer_id: transferId });
      expect(read).toEqual(transfer);
      const events = (await allEvents(sandbox())).filter((event) => event.transfer_id === transferId);
      expect(events.at(-1)).toMatchObject({ event_type: to, failure_reason: transfer.failure_reason });
    } else {
      const before = await sandbox().ok('transferGet', { transfer_id: transferId });
      const eventsBefore = await allEvents(sandbox());
      const { status, body } = await sandbox().fail('sandboxTransferSimulate', moveRequest(transferId, to));
      expect([status, body.error_type, body.error_code]).toEqual([
        400,
        'TRANSFER_ERROR',
        'TRANSFER_STATUS_TRANSITION_NOT_ALLOWED',
      ]);
      expect(body.error_message).toContain(`cannot move from ${from} to ${to}`);
      expect(await sandbox().ok('transferGet', { transfer_id: transferId })).toEqual({
        ...before,
        request_id: expect.any(String),
      });
      expect(await allEvents(sandbox())).toEqual(eventsBefore);
    }
  });

  it('pending → posted → settled: cancellable false once posted, events in commit order, cancel refused', async () => {
    const transferId = await transferIn(sandbox(), item, 'pending');
    expect((await sandbox().ok('transferGet', { transfer_id: transferId })).transfer.cancellable).toBe(true);
    await sandbox().ok('sandboxTransferSimulate', moveRequest(transferId, 'posted'));
    const cancel = await sandbox().fail('transferCancel', { transfer_id: transferId });
    expect(cancel.body.error_code).toBe('TRANSFER_NOT_CANCELLABLE');
    await sandbox().ok('sandboxTransferSimulate', moveRequest(transferId, 'settled'));
    const events = await allEvents(sandbox());
    const ids = events.map((event) => event.event_id);
    expect(ids).toEqual(ids.map((_id, index) => index + 1));
    expect(events.filter((event) => event.transfer_id === transferId).map((event) => event.event_type)).toEqual([
      'pending',
      'posted',
      'settled',
    ]);
  });

  it.each([
    ['failed without failure_reason', { event_type: 'failed' }, 'MISSING_FIELDS', 'failure_reason'],
    ['posted with failure_reason', { event_type: 'posted', failure_reason: R01 }, 'INVALID_FIELD', 'failure_reason'],
    [
      'an unassigned return code',
      { event_type: 'failed', failure_reason: { ach_return_code: 'R00', description: 'x' } },
      'INVALID_FIELD',
      'R00 is not an ACH return code',
    ],
    [
      'returned without a return code',
      { event_type: 'returned', failure_reason: { ach_return_code: null, description: 'x' } },
      null,
      null,
    ],
    ['cancelled (only /transfer/cancel)', { event_type: 'cancelled' }, 'INVALID_FIELD', 'event_type'],
  ])('rejects %s', async (_name, fields, code, mentions) => {
    const transferId = await transferIn(sandbox(), item, _name.startsWith('returned') ? 'posted' : 'pending');
    const { body } = await sandbox().fail('sandboxTransferSimulate', { transfer_id: transferId, ...fields });
    expect(body.error_type).toBe('INVALID_REQUEST');
    expect(body.error_code).toBe(code ?? 'INVALID_FIELD');
    expect(body.error_message).toContain(mentions ?? 'failure_reason.ach_return_code');
    expect((await sandbox().ok('transferGet', { transfer_id: transferId })).transfer.status).toBe(
      _name.startsWith('returned') ? 'posted' : 'pending',
    );
  });

  it('lets exactly one of concurrent moves from pending win, with one event; the other is refused on the row as it is', async () => {
    const transferId = await transferIn(sandbox(), item, 'pending');
    const replies = await Promise.all([
      sandbox().call('sandboxTransferSimulate', moveRequest(transferId, 'posted')),
      sandbox().call('sandboxTransferSimulate', moveRequest(transferId, 'failed')),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    const refused = replies.find((reply) => reply.status === 400)?.body as { error_code: string };
    expect(refused.error_code).toBe('TRANSFER_STATUS_TRANSITION_NOT_ALLOWED');
    const won = replies.find((reply) => reply.status === 200)?.body as { transfer: { status: string } };
    expect((await sandbox().ok('transferGet', { transfer_id: transferId })).transfer.status).toBe(won.transfer.status);
    const events = (await allEvents(sandbox())).filter((event) => event.transfer_id === transferId);
    expect(events.map((event) => event.event_type)).toEqual(['pending', won.transfer.status]);
  });

  it("an unknown or another client's transfer is INVALID_TRANSFER_ID", async () => {
    const transferId = await transferIn(sandbox(), item, 'pending');
    for (const [id, as] of [
      ['5f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9', 'default'],
      [transferId, 'demo'],
    ] as const) {
      const { body } = await sandbox().fail('sandboxTransferSimulate', moveRequest(id, 'posted'), as);
      expect([body.error_type, body.error_code]).toEqual(['INVALID_INPUT', 'INVALID_TRANSFER_ID']);
    }
  });

  it("sends TRANSFER_EVENTS_UPDATE, signed and valid, to the webhook URL of the transfer's Item; none without one", async () => {
    receiver = await startReceiver();
    const hooked = await newItem(sandbox(), { webhook: receiver.url });
    const transferId = await transferIn(sandbox(), hooked, 'pending');
    await sandbox().ok('sandboxTransferSimulate', moveRequest(transferId, 'posted'));
    await sandbox().ok('sandboxTransferSimulate', moveRequest(transferId, 'returned'));
    const deliveries = await receiver.waitFor(2);
    const payloads = await Promise.all(deliveries.map((delivery) => verifiedPayload(delivery)));
    expect(payloads).toEqual([
      {
        webhook_type: 'TRANSFER',
        webhook_code: 'TRANSFER_EVENTS_UPDATE',
        item_id: hooked.itemId,
        environment: 'sandbox',
      },
      {
        webhook_type: 'TRANSFER',
        webhook_code: 'TRANSFER_EVENTS_UPDATE',
        item_id: hooked.itemId,
        environment: 'sandbox',
      },
    ]);
    // The Item of `item` has no webhook URL: its moves queue nothing.
    const quiet = await transferIn(sandbox(), item, 'posted');
    const queued = await queuedWebhookCodes(sandbox(), item.itemId);
    expect(quiet).toBeTruthy();
    expect(queued).toEqual([]);
  });
});
