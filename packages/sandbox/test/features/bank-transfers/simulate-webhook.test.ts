import { afterEach, expect, it } from 'vitest';
import { describeEngines } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import { bankTransferRequest, newItem, newKey } from '../../support/transfer-fixtures.js';
import { queuedWebhookCodes, verifiedPayload } from '../../support/webhooks.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describeEngines('/sandbox/bank_transfer/simulate: the BANK_TRANSFERS_EVENTS_UPDATE webhook', (sandbox) => {
  it("is sent, signed and valid, for each simulated event, to the webhook URL of the bank transfer's Item", async () => {
    receiver = await startReceiver();
    const item = await newItem(sandbox(), { webhook: receiver.url });
    const { bank_transfer } = await sandbox().ok('bankTransferCreate', bankTransferRequest(item, newKey('bt-hook')));
    await sandbox().ok('bankTransferCancel', { bank_transfer_id: bank_transfer.bank_transfer_id });
    const { bank_transfer: second } = await sandbox().ok(
      'bankTransferCreate',
      bankTransferRequest(item, newKey('bt-hook')),
    );
    await sandbox().ok('sandboxBankTransferSimulate', {
      bank_transfer_id: second.bank_transfer_id,
      event_type: 'posted',
    });
    await sandbox().ok('sandboxBankTransferSimulate', {
      bank_transfer_id: second.bank_transfer_id,
      event_type: 'reversed',
    });
    const deliveries = await receiver.waitFor(2);
    const payloads = await Promise.all(deliveries.map((delivery) => verifiedPayload(delivery)));
    expect(payloads).toEqual([
      {
        webhook_type: 'BANK_TRANSFERS',
        webhook_code: 'BANK_TRANSFERS_EVENTS_UPDATE',
        item_id: item.itemId,
        environment: 'sandbox',
      },
      {
        webhook_type: 'BANK_TRANSFERS',
        webhook_code: 'BANK_TRANSFERS_EVENTS_UPDATE',
        item_id: item.itemId,
        environment: 'sandbox',
      },
    ]);
    // Creating and cancelling (the client's own moves) send none; a refused simulation sends none.
    await sandbox().fail('sandboxBankTransferSimulate', {
      bank_transfer_id: second.bank_transfer_id,
      event_type: 'posted',
    });
    const queued = await queuedWebhookCodes(sandbox(), item.itemId);
    expect(queued).toEqual(['BANK_TRANSFERS_EVENTS_UPDATE', 'BANK_TRANSFERS_EVENTS_UPDATE']);
  });

  it('is not sent for a bank transfer whose Item has no webhook URL', async () => {
    const item = await newItem(sandbox());
    const { bank_transfer } = await sandbox().ok('bankTransferCreate', bankTransferRequest(item, newKey('bt-quiet')));
    await sandbox().ok('sandboxBankTransferSimulate', {
      bank_transfer_id: bank_transfer.bank_transfer_id,
      event_type: 'failed',
    });
    const queued = await queuedWebhookCodes(sandbox(), item.itemId);
    expect(queued).toEqual([]);
  });

  it.each([
    [
      'a given failure reason (the move in the first flight)',
      { failure_reason: { ach_return_code: 'R02', description: 'Account closed' } },
    ],
    ['the default failure reason (the move after the read)', {}],
  ])(
    'lets exactly one of concurrent posted and failed win, with %s: one event, one webhook',
    async (_name, failure) => {
      receiver = await startReceiver();
      const item = await newItem(sandbox(), { webhook: receiver.url });
      const { bank_transfer } = await sandbox().ok('bankTransferCreate', bankTransferRequest(item, newKey('bt-race')));
      const id = bank_transfer.bank_transfer_id;
      const replies = await Promise.all([
        sandbox().call('sandboxBankTransferSimulate', { bank_transfer_id: id, event_type: 'posted' }),
        sandbox().call('sandboxBankTransferSimulate', { bank_transfer_id: id, event_type: 'failed', ...failure }),
      ]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
      const refused = replies.find((reply) => reply.status === 400)?.body as { error_code: string };
      expect(refused.error_code).toBe('SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID');
      const stored = (await sandbox().ok('bankTransferGet', { bank_transfer_id: id })).bank_transfer;
      expect(['posted', 'failed']).toContain(stored.status);
      if (stored.status === 'failed') {
        expect(stored.failure_reason).toEqual(
          'failure_reason' in failure
            ? failure.failure_reason
            : { ach_return_code: 'R01', description: 'Insufficient funds' },
        );
      }
      const events: { event_id: number; bank_transfer_id: string; event_type: string }[] = [];
      for (let page = [{ event_id: 0 }]; page.length > 0; ) {
        const after_id = events.at(-1)?.event_id ?? 0;
        page = (await sandbox().ok('bankTransferEventSync', { after_id, count: 25 })).bank_transfer_events;
        events.push(...(page as typeof events));
      }
      expect(events.filter((event) => event.bank_transfer_id === id).map((event) => event.event_type)).toEqual([
        'pending',
        stored.status,
      ]);
      expect(await queuedWebhookCodes(sandbox(), item.itemId)).toEqual(['BANK_TRANSFERS_EVENTS_UPDATE']);
    },
  );
});
