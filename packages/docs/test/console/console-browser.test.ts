/**
 * The "Try it" console of the built reference in headless Chromium (`findChromium` of @svc/chromium, with the
 * browser's web security on, so CORS is what a reader's browser enforces), the page opened from
 * disk (`file://`, `Origin: null`): requests to a sandbox started at a pinned time and to the
 * mock, a wrong field named before sending, a 503 forced with the fault header and linked to its
 * error section, a walk from a sandbox public token to `/auth/get` carrying the token, no secret
 * in storage, cookies or the URL, no request to any other host, and the panel within an 800 px
 * window. Saves screenshots to test-results/.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type RunningMock, startMock } from '@svc/mock';
import { DEFAULT_CLIENT, type RunningSandbox } from '@svc/sandbox';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, htmlPath, packageDir } from '../../src/index.js';
import { startPinnedSandbox } from '../pinned-sandbox.js';

const RESULTS = join(packageDir, 'test-results');
const PAGE_URL = pathToFileURL(htmlPath).href;

let sandbox: RunningSandbox;
let mock: RunningMock;
let context: BrowserContext;
let page: Page;
let userDataDir: string;
const requested: string[] = [];

beforeAll(async () => {
  sandbox = await startPinnedSandbox();
  mock = await startMock({ port: 0 });
  const browser = await findChromium();
  userDataDir = mkdtempSync(join(tmpdir(), 'svc-docs-console-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: browser.executablePath,
    headless: true,
    // The packaged Chromium's flags turn web security (CORS) off; a reader's browser has it on.
    args: browser.args.filter((flag) => flag !== '--disable-web-security'),
    ...(browser.env ? { env: { ...process.env, ...browser.env } } : {}),
    viewport: { width: 1440, height: 900 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('request', (request) => {
    requested.push(request.url());
  });
  await page.goto(PAGE_URL, { waitUntil: 'load' });
  await page.locator('.menu-item-type-group').first().waitFor();
  mkdirSync(RESULTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await sandbox?.stop();
  await mock?.stop();
  if (userDataDir) {
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

/** Opens an operation's section by its route and its console panel; returns the panel. */
async function openConsole(route: string, operationId: string): Promise<Locator> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
  const panel = page.locator(`details[data-console-operation="${operationId}"]`);
  await panel.waitFor({ state: 'attached', timeout: 20_000 });
  await panel.scrollIntoViewIfNeeded();
  if (!(await panel.evaluate((node) => (node as HTMLDetailsElement).open))) {
    await panel.locator('summary').click();
  }
  return panel;
}

/** Chooses a server of the spec by its environment and points it at `url`; fills the credentials. */
async function connect(panel: Locator, serverLabel: RegExp, url: string): Promise<void> {
  await panel
    .getByLabel('Server', { exact: true })
    .selectOption({ label: (await optionLabel(panel, serverLabel)) ?? '' });
  await panel.getByLabel('Server URL').fill(url);
  await panel.getByLabel('Server URL').blur();
  await panel.getByLabel('Client ID').fill(DEFAULT_CLIENT.clientId);
  await panel.getByLabel('Secret').fill(DEFAULT_CLIENT.secret);
  await panel.getByLabel('Secret').blur();
}

async function optionLabel(panel: Locator, label: RegExp): Promise<string | undefined> {
  const labels = await panel.getByLabel('Server', { exact: true }).locator('option').allInnerTexts();
  return labels.find((text) => label.test(text));
}

/** Sends and waits for the answer's status line. */
async function send(panel: Locator): Promise<string> {
  await panel.locator('[data-console="send"]').click();
  const status = panel.locator('[data-console="status"]');
  await status.waitFor({ state: 'visible', timeout: 20_000 });
  return (await status.textContent()) ?? '';
}

async function shownBody(panel: Locator): Promise<Record<string, unknown>> {
  return JSON.parse((await panel.locator('[data-console="body"]').textContent()) ?? 'null');
}

describe('the Try it console', () => {
  it('sends a request to the mock and shows its answer', async () => {
    const panel = await openConsole('/items/itemremove', 'itemRemove');
    await connect(panel, /^Local mock/, mock.url);
    expect(await send(panel)).toMatch(/^HTTP 200/);
    expect(await shownBody(panel)).toHaveProperty('request_id');
    expect(await panel.locator('[data-console="request-id"]').textContent()).toMatch(/\S+/);
    // The mock's Prefer examples are offered and used.
    await panel.getByLabel('Mock answer (Prefer header)').selectOption('example=missingFields');
    expect(await send(panel)).toMatch(/^HTTP 400/);
    expect(await panel.locator('[data-console="error-link"]').getAttribute('href')).toBe('#section/invalid_request');
  });

  it('names a wrong field before sending, and does not send', async () => {
    const panel = await openConsole('/items/itemremove', 'itemRemove');
    const before = requested.length;
    await panel.getByLabel('Request body (JSON)').fill('{"acess_token": "access-sandbox-x"}');
    const problems = panel.locator('[data-console="problems"] li');
    await expect
      .poll(() => problems.allTextContents())
      .toEqual(
        expect.arrayContaining([
          'access_token is required and missing',
          'acess_token is not a field of this request (unknown field)',
        ]),
      );
    expect(await send(panel)).toMatch(/^Not sent/);
    expect(requested.slice(before).filter((url) => url.startsWith('http'))).toEqual([]);
    await page.screenshot({ path: join(RESULTS, 'console-wrong-field.png') });
  });

  it('walks from a sandbox public token to /auth/get, carrying each value to the next request', async () => {
    const create = await openConsole('/sandbox/sandboxpublictokencreate', 'sandboxPublicTokenCreate');
    await connect(create, /^Local sandbox/, sandbox.url);
    expect(await send(create)).toMatch(/^HTTP 200/);
    const publicToken = (await shownBody(create)).public_token;
    expect(publicToken).toMatch(/^public-sandbox-/);

    const exchange = await openConsole('/items/itempublictokenexchange', 'itemPublicTokenExchange');
    // The server and credentials chosen in one panel are the page's: already filled in here.
    expect(await exchange.getByLabel('Server URL').inputValue()).toBe(sandbox.url);
    await exchange.locator('[data-console-carry="public_token"]').click();
    expect(JSON.parse(await exchange.getByLabel('Request body (JSON)').inputValue())).toEqual({
      public_token: publicToken,
    });
    expect(await send(exchange)).toMatch(/^HTTP 200/);
    const accessToken = (await shownBody(exchange)).access_token;
    expect(accessToken).toMatch(/^access-sandbox-/);

    const auth = await openConsole('/account-data/authget', 'authGet');
    await auth.locator('[data-console-carry="access_token"]').click();
    expect(await send(auth)).toMatch(/^HTTP 200/);
    const body = await shownBody(auth);
    expect((body.accounts as unknown[]).length).toBeGreaterThan(0);
    expect(await auth.locator('[data-console="inspector-link"]').getAttribute('href')).toBe(sandbox.inspectorUrl);
    await auth.locator('[data-console="answer"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS, 'console-auth-get.png') });
  });

  it('forces a 503 with the fault header and links its error code to the error docs', async () => {
    const panel = await openConsole('/account-data/authget', 'authGet');
    await panel.getByLabel(/^Fault \(SVC-Sandbox-Fault header\)/).selectOption('error=SERVICE_UNAVAILABLE');
    expect(await send(panel)).toMatch(/^HTTP 503/);
    expect(await shownBody(panel)).toMatchObject({ error_code: 'SERVICE_UNAVAILABLE' });
    const link = panel.locator('[data-console="error-link"]');
    expect(await link.getAttribute('href')).toBe('#section/api_error');
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS, 'console-503.png') });
    await link.click();
    await page.locator('[id="section/api_error"]').waitFor({ state: 'visible' });
  });

  it('reads and advances the client’s test clock', async () => {
    const panel = await openConsole('/account-data/authget', 'authGet');
    await panel.getByRole('button', { name: 'Read clock' }).click();
    const clock = panel.locator('[data-console="clock"]');
    await expect.poll(() => clock.textContent()).toMatch(/^client clock .* \(0 min ahead\)/);
    await panel.getByLabel('Advance by (ISO 8601 duration)').fill('PT31M');
    await panel.getByRole('button', { name: 'Advance clock' }).click();
    await expect.poll(() => clock.textContent()).toMatch(/\(31 min ahead\)/);
  });

  it('fits an 800 px window', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    try {
      const panel = await openConsole('/items/itemremove', 'itemRemove');
      const box = await panel.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(800);
      const overflowing = await panel.evaluate((node) =>
        [...node.querySelectorAll('input, select, textarea, button')]
          .filter((control) => control.getBoundingClientRect().right > node.getBoundingClientRect().right + 1)
          .map((control) => control.outerHTML.slice(0, 80)),
      );
      expect(overflowing).toEqual([]);
      await page.screenshot({ path: join(RESULTS, 'console-800px.png') });
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('runs the item workflow step by step to its end, every criterion held, at 800 px', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    try {
      await page.evaluate(() => {
        window.location.hash = '/section/sandbox-item-exchange-account-data-token-rotation-and-removal';
      });
      const panel = page.locator('details[data-console-workflow="itemLifecycle"]');
      await panel.waitFor({ state: 'attached', timeout: 20_000 });
      await panel.scrollIntoViewIfNeeded();
      await panel.locator('summary').click();
      await connect(panel, /^Local sandbox/, sandbox.url);
      const next = panel.getByRole('button', { name: /^Run next step/ });
      const progress = panel.locator('[data-console="workflow-progress"]');
      const steps = panel.locator('[data-console="workflow-steps"] > li');
      const ran: string[] = [];
      for (let count = 1; count <= 8 && (await next.isEnabled()); count += 1) {
        const stepId = ((await next.textContent()) ?? '').replace('Run next step: ', '');
        await next.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => steps.count()).toBe(count);
        const item = steps.nth(count - 1);
        expect(await item.getAttribute('data-console-step')).toBe(stepId);
        // The focus moves to the step's result, which a screen reader reads by its heading.
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-console-step'))).toBe(stepId);
        expect(await item.getAttribute('data-console-verdict')).toBe('passed');
        ran.push(stepId);
      }
      expect(ran).toEqual([
        'createPublicToken',
        'exchange',
        'readAccounts',
        'rotateToken',
        'oldTokenRefused',
        'newTokenWorks',
        'removeItem',
        'removedTokenRefused',
      ]);
      expect(await next.isDisabled()).toBe(true);
      expect(await progress.textContent()).toMatch(
        /^The workflow ran to the end: every success criterion held \(8 steps run\)/,
      );
      const criteria = panel.locator('[data-console="workflow-steps"] [data-console="criteria"] li');
      expect(await criteria.count()).toBeGreaterThanOrEqual(20);
      expect(await panel.locator('[data-console="workflow-steps"] [data-holds="false"]').count()).toBe(0);
      // The exchange's outputs were carried into the next step's request, the secret hidden.
      const exchange = steps.nth(1);
      const accessToken = await exchange.locator('[data-console="outputs"] dd').first().textContent();
      expect(accessToken).toMatch(/^access-sandbox-/);
      const readRequest = (await steps.nth(2).locator('[data-console="step-request"]').textContent()) ?? '';
      expect(readRequest).toContain(`"access_token": "${accessToken}"`);
      expect(readRequest).toContain('SVC-SECRET: (hidden)');
      expect(readRequest).not.toContain(DEFAULT_CLIENT.secret);
      const box = await panel.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(800);
      await steps.nth(2).locator('details').first().locator('summary').click();
      await steps.nth(2).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(RESULTS, 'console-workflow-run.png') });
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('shows a failing workflow step as failed, and Reset starts again', async () => {
    const panel = page.locator('details[data-console-workflow="itemLifecycle"]');
    await panel.getByRole('button', { name: 'Reset' }).click();
    const steps = panel.locator('[data-console="workflow-steps"] > li');
    expect(await steps.count()).toBe(0);
    await panel.getByLabel('Secret').fill('not-the-secret');
    await panel.getByLabel('Secret').blur();
    await panel.getByRole('button', { name: 'Run next step: createPublicToken' }).click();
    await expect.poll(() => steps.count()).toBe(1);
    expect(await steps.first().getAttribute('data-console-verdict')).toBe('failed');
    expect(await steps.first().locator('.svc-step-heading').textContent()).toBe(
      '1. createPublicToken: failed (HTTP 401)',
    );
    expect(await steps.first().locator('[data-holds="false"]').first().textContent()).toBe(
      '✗ does not hold: $statusCode == 200',
    );
    expect(await panel.locator('[data-console="workflow-progress"]').textContent()).toMatch(
      /^The workflow stopped: a step failed/,
    );
    expect(await panel.getByRole('button', { name: /^Run next step/ }).isDisabled()).toBe(true);
    await steps.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS, 'console-workflow-failed.png') });
    await panel.getByLabel('Secret').fill(DEFAULT_CLIENT.secret);
    await panel.getByLabel('Secret').blur();
  });

  it('keeps the secret out of storage, cookies and the URL', async () => {
    const found = await page.evaluate(
      (secret) => ({
        local: JSON.stringify({ ...localStorage }).includes(secret),
        session: JSON.stringify({ ...sessionStorage }).includes(secret),
        cookie: document.cookie.includes(secret),
        url: window.location.href.includes(secret),
      }),
      DEFAULT_CLIENT.secret,
    );
    expect(found).toEqual({ local: false, session: false, cookie: false, url: false });
    expect(requested.filter((url) => url.includes(DEFAULT_CLIENT.secret))).toEqual([]);
  });

  it('made no request to any host but the chosen servers', () => {
    const allowed = [new URL(sandbox.url).origin, new URL(mock.url).origin];
    const elsewhere = requested.filter(
      (url) => !/^(file|data|blob):/.test(url) && !allowed.includes(new URL(url).origin),
    );
    expect(elsewhere).toEqual([]);
    expect(requested.some((url) => url.startsWith(sandbox.url))).toBe(true);
  });
});
