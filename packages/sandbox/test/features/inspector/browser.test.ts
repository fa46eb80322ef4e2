/**
 * The inspector in headless Chromium (the one the docs test uses: `findChromium` of `@svc/chromium`,
 * driven by playwright-core): signs in as the default client, watches requests made meanwhile
 * appear live, downloads them as HAR, opens a webhook delivery with its two attempts (a local receiver answers 500, then
 * 200) and follows a request's link to its webhook; the demo client's data never appears and no
 * secret or token is in the page's text or HTML; the client's test clock and fault rules show, the
 * other client's rules do not; signed in as a throwaway client restored to a snapshot, it shows
 * the restore, the clock back at the snapshot's time and the rule made after it gone. Saves three
 * screenshots to test-results/ and prints their paths. Bounded: every wait has a timeout.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from '@svc/chromium';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/engine/clock.js';
import { CANONICAL_ITEM, DEFAULT_CLIENT, DEMO_CLIENT } from '../../../src/features/world/index.js';
import { startTestSandbox, type TestSandbox } from '../../support/harness.js';
import { type Receiver, startReceiver } from '../../support/receiver.js';
import {
  authorizationRequest,
  authorizeAndCreate,
  newItem,
  newKey,
  type TestItem,
  transferRequest,
} from '../../support/transfer-fixtures.js';
import { createThrowaway, TEST_ADMIN_KEY } from '../sandbox-admin/throwaway-support.js';

const RESULTS = fileURLToPath(new URL('../../../test-results/', import.meta.url));
const WAIT = { timeout: 15_000 };

let sandbox: TestSandbox;
let receiver: Receiver;
let context: BrowserContext;
let page: Page;
let userDataDir: string;
const foreignRequests: string[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox('sqlite', {
    clock: systemClock,
    adminKey: TEST_ADMIN_KEY,
    delivery: { baseDelayMs: 300, maxDelayMs: 500, maxAttempts: 3, pollMs: 50 },
  });
  receiver = await startReceiver([500]);
  const browser = await findChromium();
  userDataDir = mkdtempSync(join(tmpdir(), 'svc-inspector-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: browser.executablePath,
    headless: true,
    args: browser.args,
    ...(browser.env ? { env: { ...process.env, ...browser.env } } : {}),
    viewport: { width: 1280, height: 1000 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  const origin = new URL(sandbox.url).origin;
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) {
      foreignRequests.push(request.url());
    }
  });
}, 90_000);

afterAll(async () => {
  await context?.close();
  await receiver?.close();
  await sandbox?.stop();
  if (userDataDir) {
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

describe('inspector in Chromium', () => {
  let mine: TestItem;
  let theirs: TestItem;
  let webhookRequestId: string;

  it('signs in with the client id and secret, keeping the secret out of the page', async () => {
    // The other client works too, before and during the session.
    theirs = await newItem(sandbox, {}, 'demo');
    await page.goto(`${sandbox.url}/inspector`, { waitUntil: 'load' });
    await page.fill('#client-id', DEFAULT_CLIENT.clientId);
    await page.fill('#secret', DEFAULT_CLIENT.secret);
    await page.click('#sign-in button[type=submit]');
    await page.locator('#status', { hasText: `Signed in as ${DEFAULT_CLIENT.clientId}` }).waitFor(WAIT);
    expect(await page.inputValue('#secret')).toBe('');
    // The form is gone while signed in.
    expect(await page.locator('#sign-in').isVisible()).toBe(false);
    expect(page.url()).not.toContain(DEFAULT_CLIENT.secret);
    expect(await page.evaluate('JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })')).toBe(
      '{}{}',
    );
  });

  it('shows requests made after sign-in as they happen', async () => {
    mine = await newItem(sandbox);
    await authorizeAndCreate(sandbox, authorizationRequest(mine), newKey('browser'));
    await authorizeAndCreate(sandbox, authorizationRequest(theirs), newKey('theirs'), 'demo');
    const reply = await sandbox.call('itemWebhookUpdate', { access_token: mine.accessToken, webhook: receiver.url });
    webhookRequestId = (reply.body as { request_id: string }).request_id;
    const refused = await sandbox.fail('authGet', { access_token: theirs.accessToken });
    for (const requestId of [webhookRequestId, refused.body.request_id]) {
      await page.locator(`#panel-requests details[data-request-id="${requestId}"]`).waitFor(WAIT);
    }
    const failedRow = page.locator(`details[data-request-id="${refused.body.request_id}"] summary`);
    await expect.poll(() => failedRow.textContent()).toContain('INVALID_ACCESS_TOKEN');
    await page.locator('#panel-events tr', { hasText: 'pending' }).first().waitFor(WAIT);
    // One format for every time, each labelled with the clock it was read from.
    const summary = (await failedRow.textContent()) ?? '';
    expect(summary).toMatch(/sandbox time \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} UTC/);
    const times = await page.locator('#panels code').allTextContents();
    const formatted = times.filter((text) => /\d{2}:\d{2}:\d{2}/.test(text));
    expect(formatted.length).toBeGreaterThan(0);
    for (const text of formatted) {
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} UTC$/);
    }
  });

  it('downloads the requests as HAR, redacted as the page shows them', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.click('#download-har')]);
    expect(download.suggestedFilename()).toBe('sandbox-requests.har');
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    const har = JSON.parse(text) as { log: { version: string; entries: { _requestId: string }[] } };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((entry) => entry._requestId)).toContain(webhookRequestId);
    for (const secret of [DEFAULT_CLIENT.secret, mine.accessToken, theirs.accessToken]) {
      expect(text).not.toContain(secret);
    }
  });

  it('marks a request dropped before handling, a lost answer and its replay', async () => {
    const proposed = authorizationRequest(mine);
    const { authorization } = await sandbox.ok('transferAuthorizationCreate', proposed);
    const create = transferRequest(proposed, authorization.id, newKey('browser-lost'));
    const send = (fault: string) =>
      fetch(`${sandbox.url}/transfer/create`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'SVC-CLIENT-ID': DEFAULT_CLIENT.clientId,
          'SVC-SECRET': DEFAULT_CLIENT.secret,
          'SVC-Sandbox-Fault': fault,
        },
        body: JSON.stringify(create),
      }).catch(() => undefined);
    await send('drop=before');
    await send('drop=after_commit');
    await sandbox.ok('transferCreate', create);
    for (const mark of ['dropped_before', 'dropped_after_commit', 'replay']) {
      await page.locator(`#panel-requests [data-mark="${mark}"]`).first().waitFor(WAIT);
    }
    const dropped = page.locator('#panel-requests details[data-delivery="dropped_before"] summary').first();
    expect(await dropped.textContent()).toContain('no response');
    // The replay names the request whose answer was lost, and its link opens that request.
    const lost = page.locator('#panel-requests details[data-delivery="dropped_after_commit"]').first();
    const lostId = await lost.getAttribute('data-request-id');
    const replay = page.locator('#panel-requests [data-mark="replay"]').first();
    expect(await replay.getAttribute('data-replay-of')).toBe(lostId);
    expect(await replay.textContent()).toBe(`replay of ${lostId}`);
    await replay.locator('a').click();
    await expect.poll(() => lost.getAttribute('open')).not.toBeNull();
  });

  it("shows the client's test clock and its fault rules, not another client's", async () => {
    await sandbox.ok('sandboxFaultRuleCreate', {
      operations: ['institutionsSearch'],
      fault: 'error=PLANNED_MAINTENANCE',
    });
    await sandbox.ok('sandboxFaultRuleCreate', { operations: ['institutionsSearch'], fault: 'latency=7ms' }, 'demo');
    await sandbox.ok('sandboxClockAdvance', { duration: 'P1DT2H' });
    await expect
      .poll(() => page.locator('#panel-clock [data-clock="offset"]').textContent(), WAIT)
      .toMatch(/^ahead by 1 d 2 h/);
    const rules = page.locator('#panel-fault-rules');
    await expect.poll(() => rules.textContent(), WAIT).toContain('error=API_ERROR/PLANNED_MAINTENANCE');
    expect(await rules.textContent()).not.toContain('latency=7ms');
  });

  it('opens a webhook delivery with every attempt and links a request to it', async () => {
    await receiver.waitFor(2, 15_000);
    const request = page.locator(`details[data-request-id="${webhookRequestId}"]`);
    await request.locator('summary').click();
    const link = request.locator('.links a', { hasText: 'WEBHOOK_UPDATE_ACKNOWLEDGED' });
    await link.waitFor(WAIT);
    await link.click();
    const delivery = page.locator('#panel-webhooks details[open]', { hasText: 'WEBHOOK_UPDATE_ACKNOWLEDGED' });
    await delivery.locator('tr.attempt').nth(1).waitFor(WAIT);
    await expect
      .poll(() => delivery.locator('tr.attempt').allTextContents(), WAIT)
      .toEqual([
        expect.stringMatching(/^1.*500.*t=\d+,v1=[0-9a-f]{64}/),
        expect.stringMatching(/^2.*200.*t=\d+,v1=[0-9a-f]{64}/),
      ]);
    mkdirSync(RESULTS, { recursive: true });
    const webhookShot = join(RESULTS, 'inspector-webhook.png');
    // The panel is redrawn every second: scroll to whichever element is current.
    await page.evaluate("document.querySelector('#panel-webhooks details[open]')?.scrollIntoView({ block: 'center' })");
    await page.screenshot({ path: webhookShot });
    await page.evaluate('window.scrollTo(0, 0)');
    const requestsShot = join(RESULTS, 'inspector-requests.png');
    await page.screenshot({ path: requestsShot, fullPage: true });
    process.stdout.write(`inspector screenshots: ${requestsShot} ${webhookShot}\n`);
  });

  it("never shows the other client's data, a secret or a token", async () => {
    // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees
    const text = await page.locator('body').innerText();
    const html = await page.content();
    for (const shown of [text, html]) {
      expect(shown).toContain(mine.itemId);
      for (const hidden of [
        theirs.itemId,
        DEMO_CLIENT.clientId,
        DEFAULT_CLIENT.secret,
        DEMO_CLIENT.secret,
        DEFAULT_CLIENT.webhookSecret,
        mine.accessToken,
        theirs.accessToken,
        'access-sandbox-',
        'public-sandbox-',
      ]) {
        expect(shown).not.toContain(hidden);
      }
    }
    expect(foreignRequests).toEqual([]);
  });

  it('shows a throwaway client restored to a snapshot: its clock back, a later rule gone, the restore listed', async () => {
    const client = await createThrowaway(sandbox, 'restored in the inspector');
    const { snapshot } = await sandbox.ok('sandboxSnapshotCreate', { name: 'before the run' }, client);
    await sandbox.ok(
      'sandboxFaultRuleCreate',
      { operations: ['institutionsSearch'], fault: 'error=PLANNED_MAINTENANCE' },
      client,
    );
    await sandbox.ok('sandboxClockAdvance', { duration: 'P3D' }, client);
    const restore = await sandbox.call('sandboxSnapshotRestore', { snapshot_id: snapshot.snapshot_id }, client);
    expect(restore.status).toBe(200);
    const restoreId = (restore.body as { request_id: string }).request_id;

    await page.click('#sign-out');
    await page.fill('#client-id', client.clientId);
    await page.fill('#secret', client.secret);
    await page.click('#sign-in button[type=submit]');
    await page.locator('#status', { hasText: `Signed in as ${client.clientId}` }).waitFor(WAIT);
    await page.locator(`#panel-requests details[data-request-id="${restoreId}"]`).waitFor(WAIT);
    // The clock is the snapshot's: behind the sandbox's time by as long as the requests since took.
    await expect
      .poll(() => page.locator('#panel-clock [data-clock="offset"]').textContent(), WAIT)
      .toMatch(/^behind by \d+ (ms|s)$/);
    await page.locator('#panel-items', { hasText: CANONICAL_ITEM.itemId }).waitFor(WAIT);
    expect(await page.locator('#panel-fault-rules').textContent()).not.toContain('PLANNED_MAINTENANCE');
    // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(`~${client.clientId}`);
    expect(text).not.toContain(client.secret);
    mkdirSync(RESULTS, { recursive: true });
    const restoredShot = join(RESULTS, 'inspector-restored-client.png');
    await page.screenshot({ path: restoredShot, fullPage: true });
    process.stdout.write(`inspector screenshot of a restored client: ${restoredShot}\n`);
  });
});
