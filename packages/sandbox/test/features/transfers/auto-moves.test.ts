/**
 * Transfers that move by themselves (`/sandbox/transfer/lifecycle/update` `automatically`): posted
 * at the next FedACH window and settled a US banking day later as the client's test clock is
 * advanced, with the events and webhooks of `/sandbox/transfer/simulate`; off by default; a
 * simulation or a cancel first leaves the transfer alone. SQLite and PostgreSQL, pinned clocks.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addClient } from '../../../src/engine/clients/clients.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import { authorizationRequest, authorizeAndCreate, newItem, newKey } from '../../support/transfer-fixtures.js';
import { verifiedPayload } from '../../support/webhooks.js';

/** Friday 30 June 2028, 18:00 EDT: after the day's last window; Monday 3 July is a banking day, Tuesday 4 July a holiday. */
const FRIDAY_EVENING = '2028-06-30T22:00:00.000Z';
/** Monday 3 July 2028, 10:30 EDT: the first FedACH window after it. */
const MONDAY_WINDOW = '2028-07-03T14:30:00.000Z';
/** Wednesday 5 July 2028, 10:30 EDT: one banking day after Monday, over Independence Day. */
const WEDNESDAY_SETTLEMENT = '2028-07-05T14:30:00.000Z';

const justBefore = (time: string) => new Date(Date.parse(time) - 1000).toISOString();

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** Every transfer event of the default client about `transferId`, in event order. */
async function eventsOf(sandbox: TestSandbox, transferId: string) {
  const { transfer_events } = await sandbox.ok('transferEventSync', { after_id: 0, count: 25 });
  return transfer_events.filter((event) => event.transfer_id === transferId);
}

/** The status of the default client's transfer `transferId`. */
async function statusOf(sandbox: TestSandbox, transferId: string) {
  return (await sandbox.ok('transferGet', { transfer_id: transferId })).transfer;
}

describeEngines('transfers that move by themselves', (sandbox) => {
  beforeEach(async () => {
    sandbox().clock.set(FRIDAY_EVENING);
    await sandbox().sandbox.reset();
    await sandbox().ok('sandboxTransferLifecycleUpdate', { transfers_move: 'on_simulate' });
  });

  /** A new pending transfer of a new Item (with `webhook`, if given). */
  const newTransfer = async (webhook?: string) => {
    const item = await newItem(sandbox(), webhook ? { webhook } : {});
    const { transfer } = await authorizeAndCreate(sandbox(), authorizationRequest(item), newKey('auto'));
    return { item, transfer };
  };

  const advanceTo = (target_time: string) => sandbox().ok('sandboxClockAdvance', { target_time });

  it('answers the setting in force; an unknown setting is refused with INVALID_FIELD', async () => {
    expect(await sandbox().ok('sandboxTransferLifecycleUpdate', { transfers_move: 'automatically' })).toEqual({
      transfers_move: 'automatically',
      request_id: expect.any(String),
    });
    const refused = await sandbox().fail('sandboxTransferLifecycleUpdate', { transfers_move: 'always' });
    expect([refused.status, refused.body.error_type, refused.body.error_code]).toEqual([
      400,
      'INVALID_REQUEST',
      'INVALID_FIELD',
    ]);
    expect(refused.body.error_message).toContain('transfers_move');
    // Only the calling client's setting changed.
    const settings = await sandbox()
      .sandbox.store.db.selectFrom('clients')
      .select(['client_id', 'transfers_move'])
      .where('transfers_move', '=', 'automatically')
      .execute();
    expect(settings.map((row) => row.client_id)).toEqual([DEFAULT_CLIENT.clientId]);
  });

  it('posts a Friday-evening transfer at Monday 10:30 ET and settles it a banking day later, over a holiday', async () => {
    receiver = await startReceiver();
    await sandbox().ok('sandboxTransferLifecycleUpdate', { transfers_move: 'automatically' });
    const { transfer } = await newTransfer(receiver.url);

    const beforeWindow = await advanceTo(justBefore(MONDAY_WINDOW));
    expect(beforeWindow.performed).toMatchObject({ transfer_post: 0, transfer_settle: 0 });
    expect((await statusOf(sandbox(), transfer.id)).status).toBe('pending');

    const atWindow = await advanceTo(MONDAY_WINDOW);
    expect(atWindow.performed).toMatchObject({ transfer_post: 1, transfer_settle: 0 });
    expect(await statusOf(sandbox(), transfer.id)).toMatchObject({ status: 'posted', cancellable: false });

    // Tuesday 4 July is a Federal Reserve holiday: not settled on Tuesday.
    const beforeSettlement = await advanceTo(justBefore(WEDNESDAY_SETTLEMENT));
    expect(beforeSettlement.performed).toMatchObject({ transfer_post: 0, transfer_settle: 0 });
    expect((await statusOf(sandbox(), transfer.id)).status).toBe('posted');

    const atSettlement = await advanceTo(WEDNESDAY_SETTLEMENT);
    expect(atSettlement.performed).toMatchObject({ transfer_post: 0, transfer_settle: 1 });
    expect((await statusOf(sandbox(), transfer.id)).status).toBe('settled');

    const events = await eventsOf(sandbox(), transfer.id);
    expect(events.map((event) => [event.event_type, event.timestamp])).toEqual([
      ['pending', transfer.created],
      ['posted', '2028-07-03T14:30:00Z'],
      ['settled', '2028-07-05T14:30:00Z'],
    ]);
    const payloads = await Promise.all((await receiver.waitFor(2)).map((delivery) => verifiedPayload(delivery)));
    expect(payloads.map((payload) => payload.webhook_code)).toEqual([
      'TRANSFER_EVENTS_UPDATE',
      'TRANSFER_EVENTS_UPDATE',
    ]);
  });

  it("writes the events and webhooks /sandbox/transfer/simulate writes, at the move's time", async () => {
    receiver = await startReceiver();
    const simulated = await newTransfer(receiver.url);
    await sandbox().ok('sandboxTransferSimulate', { transfer_id: simulated.transfer.id, event_type: 'posted' });
    await sandbox().ok('sandboxTransferSimulate', { transfer_id: simulated.transfer.id, event_type: 'settled' });
    await sandbox().ok('sandboxTransferLifecycleUpdate', { transfers_move: 'automatically' });
    const automatic = await newTransfer(receiver.url);
    await advanceTo(WEDNESDAY_SETTLEMENT);

    /** An event without what differs between two transfers (their ids, times and event ids). */
    const shape = ({
      event_id: _id,
      timestamp: _at,
      transfer_id: _transfer,
      account_id: _account,
      ...rest
    }: {
      event_id: number;
      timestamp: string;
      transfer_id: string;
      account_id: string;
    }) => rest;
    const simulatedEvents = await eventsOf(sandbox(), simulated.transfer.id);
    const automaticEvents = await eventsOf(sandbox(), automatic.transfer.id);
    expect(automaticEvents.map(shape)).toEqual(simulatedEvents.map(shape));
    expect(automaticEvents.map((event) => event.event_type)).toEqual(['pending', 'posted', 'settled']);
    const { transfer: simulatedNow } = await sandbox().ok('transferGet', { transfer_id: simulated.transfer.id });
    const { transfer: automaticNow } = await sandbox().ok('transferGet', { transfer_id: automatic.transfer.id });
    expect({ ...automaticNow, id: '', account_id: '', created: '' }).toEqual({
      ...simulatedNow,
      id: '',
      account_id: '',
      created: '',
    });

    const payloads = await Promise.all((await receiver.waitFor(4)).map((delivery) => verifiedPayload(delivery)));
    const byItem = (itemId: string) => payloads.filter((payload) => payload.item_id === itemId);
    expect(byItem(automatic.item.itemId).map((payload) => ({ ...payload, item_id: '' }))).toEqual(
      byItem(simulated.item.itemId).map((payload) => ({ ...payload, item_id: '' })),
    );
    expect(byItem(automatic.item.itemId)).toHaveLength(2);
  });

  it('leaves transfers pending through a long advance while the setting is off (the default)', async () => {
    const { transfer } = await newTransfer();
    const advanced = await sandbox().ok('sandboxClockAdvance', { duration: 'P60D' });
    expect(advanced.performed).toMatchObject({ transfer_post: 0, transfer_settle: 0 });
    expect((await statusOf(sandbox(), transfer.id)).status).toBe('pending');
    expect((await eventsOf(sandbox(), transfer.id)).map((event) => event.event_type)).toEqual(['pending']);
  });

  it('keeps moving transfers created while it was on after it is turned off, and not those created after', async () => {
    await sandbox().ok('sandboxTransferLifecycleUpdate', { transfers_move: 'automatically' });
    const before = await newTransfer();
    await sandbox().ok('sandboxTransferLifecycleUpdate', { transfers_move: 'on_simulate' });
    const after = await newTransfer();
    const advanced = await advanceTo(WEDNESDAY_SETTLEMENT);
    expect(advanced.performed).toMatchObject({ transfer_post: 1, transfer_settle: 1 });
    expect((await statusOf(sandbox(), before.transfer.id)).status).toBe('settled');
    expect((await statusOf(sandbox(), after.transfer.id)).status).toBe('pending');
  });

  it.each([
    ['simulated posted', [{ event_type: 'posted' }], 'posted', ['pending', 'posted']],
    [
      'simulated posted and settled',
      [{ event_type: 'posted' }, { event_type: 'settled' }],
      'settled',
      ['pending', 'posted', 'settled'],
    ],
    [
      'simulated failed',
      [{ event_type: 'failed', failure_reason: { ach_return_code: 'R01', description: 'Insufficient funds' } }],
      'failed',
      ['pending', 'failed'],
    ],
    ['cancelled', 'cancel', 'cancelled', ['pending', 'cancelled']],
  ] as const)(
    'leaves a transfer %s before its time alone: nothing moves twice',
    async (_name, moves, status, types) => {
      await sandbox().ok('sandboxTransferLifecycleUpdate', { transfers_move: 'automatically' });
      const { transfer } = await newTransfer();
      if (moves === 'cancel') {
        await sandbox().ok('transferCancel', { transfer_id: transfer.id });
      } else {
        for (const move of moves) {
          await sandbox().ok('sandboxTransferSimulate', { transfer_id: transfer.id, ...move });
        }
      }
      const advanced = await advanceTo(WEDNESDAY_SETTLEMENT);
      expect(advanced.performed).toMatchObject({ transfer_post: 0, transfer_settle: 0 });
      expect((await statusOf(sandbox(), transfer.id)).status).toBe(status);
      expect((await eventsOf(sandbox(), transfer.id)).map((event) => event.event_type)).toEqual(types);
    },
  );

  it('settles a transfer the clock posted unless a simulation returned it first', async () => {
    await sandbox().ok('sandboxTransferLifecycleUpdate', { transfers_move: 'automatically' });
    const { transfer } = await newTransfer();
    await advanceTo(MONDAY_WINDOW);
    await sandbox().ok('sandboxTransferSimulate', {
      transfer_id: transfer.id,
      event_type: 'returned',
      failure_reason: { ach_return_code: 'R01', description: 'Insufficient funds' },
    });
    const advanced = await advanceTo(WEDNESDAY_SETTLEMENT);
    expect(advanced.performed).toMatchObject({ transfer_post: 0, transfer_settle: 0 });
    expect((await eventsOf(sandbox(), transfer.id)).map((event) => event.event_type)).toEqual([
      'pending',
      'posted',
      'returned',
    ]);
  });

  it("is the client's configuration: a reset keeps it, and transfers created after it still move", async () => {
    const client = await addClient(sandbox().sandbox.store, 'auto-moves', sandbox().clock.now());
    await sandbox().ok('sandboxTransferLifecycleUpdate', { transfers_move: 'automatically' }, client);
    await sandbox().ok('sandboxClientReset', {}, client);
    const item = await newItem(sandbox(), {}, client);
    const { transfer } = await authorizeAndCreate(sandbox(), authorizationRequest(item), newKey('reset'), client);
    const advanced = await sandbox().ok('sandboxClockAdvance', { target_time: MONDAY_WINDOW }, client);
    expect(advanced.performed).toMatchObject({ transfer_post: 1 });
    expect((await sandbox().ok('transferGet', { transfer_id: transfer.id }, client)).transfer.status).toBe('posted');
  });
});
