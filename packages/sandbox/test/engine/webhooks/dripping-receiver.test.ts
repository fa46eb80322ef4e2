/**
 * A receiver that answers the status line at once and then drips its body one byte at a time:
 * the attempt's deadline covers the whole exchange, another receiver's webhooks are not delayed
 * behind it, and stopping the sandbox does not wait for it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/engine/clock.js';
import type { LogEntry } from '../../../src/engine/logger.js';
import { ENGINES, startTestSandbox, type TestSandbox } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';

interface Dripper {
  url: string;
  /** Requests received so far. */
  requests: number;
  close(): Promise<void>;
}

/** Starts a receiver that answers 200 and then sends one byte every 100 ms, never ending. */
async function startDripper(): Promise<Dripper> {
  const timers = new Set<NodeJS.Timeout>();
  const dripper = { url: '', requests: 0, close: async () => {} };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      dripper.requests++;
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      const timer = setInterval(() => response.write('.'), 100);
      timers.add(timer);
      response.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dripper.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/drip`;
  dripper.close = async () => {
    for (const timer of timers) {
      clearInterval(timer);
    }
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return dripper;
}

async function newItem(sandbox: TestSandbox): Promise<string> {
  const { public_token } = await sandbox.ok('sandboxPublicTokenCreate', {
    institution_id: 'ins_109508',
    initial_products: ['auth'],
  });
  return (await sandbox.ok('itemPublicTokenExchange', { public_token })).access_token;
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > timeoutMs) {
      throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const attemptsOf = (logs: LogEntry[], url: string) =>
  logs.filter((entry) => entry.event === 'webhook_attempt' && entry.url === url);

describe.each(ENGINES)('a dripping webhook receiver (%s)', (engine) => {
  let sandbox: TestSandbox | undefined;
  let dripper: Dripper | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await sandbox?.stop();
    await dripper?.close();
    await receiver?.close();
    sandbox = dripper = receiver = undefined;
  });

  it('is cut off at the deadline and the attempt is recorded as failed, while another receiver gets its webhook', async () => {
    const deadline = 3000;
    sandbox = await startTestSandbox(engine, { clock: systemClock, delivery: { timeoutMs: deadline, pollMs: 50 } });
    dripper = await startDripper();
    receiver = await startReceiver();
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => newItem(sandbox as TestSandbox)));
    for (const access_token of tokens.slice(0, 4)) {
      await sandbox.ok('itemWebhookUpdate', { access_token, webhook: dripper.url });
    }
    await until(() => (dripper as Dripper).requests >= 1, 5000, 'a delivery to the dripping receiver');
    await sandbox.ok('itemWebhookUpdate', { access_token: tokens[4] as string, webhook: receiver.url });
    // Well before the dripping attempts reach their deadline.
    await receiver.waitFor(1, deadline - 500);

    const logs = sandbox.logs;
    await until(() => attemptsOf(logs, dripper?.url ?? '').length >= 1, deadline + 5000, 'a recorded attempt');
    const [first] = attemptsOf(logs, dripper.url);
    expect(first).toMatchObject({ outcome: 'retry', status: null });
    expect(String(first?.error)).toContain(`no complete answer within ${deadline} ms`);
    expect(Number(first?.duration_ms)).toBeLessThan(deadline + 2000);
  });

  it('never holds more than its share of delivery slots', async () => {
    sandbox = await startTestSandbox(engine, {
      clock: systemClock,
      delivery: { timeoutMs: 20_000, pollMs: 50, concurrency: 4, perReceiver: 2 },
    });
    dripper = await startDripper();
    const tokens = await Promise.all([1, 2, 3, 4].map(() => newItem(sandbox as TestSandbox)));
    for (const access_token of tokens) {
      await sandbox.ok('itemWebhookUpdate', { access_token, webhook: dripper.url });
    }
    await until(() => (dripper as Dripper).requests >= 2, 5000, 'two deliveries to the dripping receiver');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(dripper.requests).toBe(2);
  });

  it('does not hold up a stop: the attempt under way is cut short and left to be retried', async () => {
    sandbox = await startTestSandbox(engine, { clock: systemClock, delivery: { timeoutMs: 20_000, pollMs: 50 } });
    dripper = await startDripper();
    await sandbox.ok('itemWebhookUpdate', { access_token: await newItem(sandbox), webhook: dripper.url });
    await until(() => (dripper as Dripper).requests >= 1, 5000, 'a delivery to the dripping receiver');
    const started = performance.now();
    const running = sandbox;
    sandbox = undefined;
    await running.stop();
    // Far below the 20 s deadline of the attempt under way.
    expect(performance.now() - started).toBeLessThan(5000);
    // Every attempt under way is cut short: one or two (the receiver's share of the slots, as
    // many as were due when the stop came; the Item's webhooks may be claimed together).
    const interrupted = running.logs.filter((entry) => entry.event === 'webhook_attempt_interrupted');
    expect(interrupted.length).toBeGreaterThanOrEqual(1);
    expect(interrupted.length).toBeLessThanOrEqual(2);
    expect(attemptsOf(running.logs, dripper.url)).toHaveLength(0);
  });
});
