/**
 * Opens the built reference (dist/index.html) in headless Chromium (found by src/chromium.js:
 * CHROMIUM_PATH, else /usr/bin/chromium, else @sparticuz/chromium; driven by playwright-core) from a
 * local server, and checks what a reader sees: every operation
 * listed, code samples in an operation's section, the Workflows section, a working search, and no
 * request to any other host. Saves a screenshot to test-results/ and prints its path.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findWorkflow, listOperations, readWorkflowFiles } from '@svc/openapi-kit';
import { workflowsPath } from '@svc/spec';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, htmlPath, operationCodeSamples, packageDir, serveDocs } from '../src/index.js';
import { type ListedOperation, listedOperations, readBundledSpec, tagGroupNames } from './bundled-spec.js';

const SCREENSHOT = join(packageDir, 'test-results', 'docs-operation.png');

const document = readBundledSpec();
const expected = listedOperations(document);

/** The workflow whose table the Workflows test reads. */
const itemLifecycle = (() => {
  const items = readWorkflowFiles(workflowsPath).find(({ file }) => file === 'items.arazzo.json');
  if (!items) {
    throw new Error(`no items.arazzo.json in ${workflowsPath}`);
  }
  return findWorkflow(items.document, 'itemLifecycle');
})();

/** The operation whose section the sample and search tests open. */
const sampleOperation = (() => {
  const found = expected.find((operation) => operation.key === '/item/remove');
  if (!found) {
    throw new Error('the bundled spec has no /item/remove operation');
  }
  return found;
})();

let server: Awaited<ReturnType<typeof serveDocs>>;
let context: BrowserContext;
let page: Page;
let userDataDir: string;
const requested: string[] = [];
const failedLocally: string[] = [];

/** Whether a request URL stays on the local server (`blob:` URLs carry their creator's origin). */
function isLocal(url: string, origin: string): boolean {
  if (url.startsWith('data:')) {
    return true;
  }
  const target = new URL(url.startsWith('blob:') ? url.slice('blob:'.length) : url);
  return target.origin === origin;
}

/** The sidebar group of a tag (`Items`): its entry, then its operations once opened. */
function sidebarGroup(tag: string): Locator {
  return page.locator('.menu-item-type-group').filter({ has: page.locator(`:scope > a [data-text="${tag}"]`) });
}

/** The sidebar entry of a tag: clicking it opens the tag and lists its operations. */
function sidebarTag(tag: string): Locator {
  return sidebarGroup(tag).locator(':scope > a');
}

/** The section of an operation in the middle panel. */
function operationSection(operation: ListedOperation): Locator {
  return page
    .locator('[data-item-kind="httpItem"]')
    .filter({ has: page.locator('h2', { hasText: operation.summary }) })
    .first();
}

/** Opens an operation the way a reader does: its tag, then its entry in the sidebar. */
async function openOperation(operation: ListedOperation): Promise<Locator> {
  await sidebarTag(operation.tag).click();
  await page
    .locator('.menu-item-type-operation > a')
    .filter({ has: page.locator(`[data-text="${operation.summary}"]`) })
    .click();
  const section = operationSection(operation);
  await section.waitFor({ state: 'visible' });
  return section;
}

/** The text of the code sample shown in a section, whitespace-normalized per line. */
async function shownSample(section: Locator): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines are what a reader sees
  const text = await section.locator('pre[data-testid="source-code"]').first().innerText();
  return text.split('\n').map((line) => line.trim());
}

/** The non-empty lines of a sample's source, trimmed. */
function sampleLines(source: string): string[] {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

beforeAll(async () => {
  if (!existsSync(htmlPath)) {
    throw new Error(`${htmlPath} does not exist: build the docs first (\`pnpm run docs\` at the repository root)`);
  }
  const browser = await findChromium();
  server = await serveDocs(htmlPath);
  userDataDir = mkdtempSync(join(tmpdir(), 'svc-docs-chromium-'));
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: browser.executablePath,
      headless: true,
      args: browser.args,
      ...(browser.env ? { env: { ...process.env, ...browser.env } } : {}),
      viewport: { width: 1440, height: 900 },
    });
  } catch (error) {
    const unpacked = browser.source === '@sparticuz/chromium' ? ' (delete it to have it unpacked again)' : '';
    throw new Error(
      `could not launch the Chromium from ${browser.source}, ${browser.executablePath}${unpacked}: ${String(error)}`,
    );
  }
  page = context.pages()[0] ?? (await context.newPage());
  const origin = new URL(server.url).origin;
  page.on('request', (request) => {
    requested.push(request.url());
  });
  page.on('response', (response) => {
    if (isLocal(response.url(), origin) && response.status() >= 400) {
      failedLocally.push(`${response.status()} ${response.url()}`);
    }
  });
  await page.goto(server.url, { waitUntil: 'load' });
  await page.locator('.menu-item-type-group').first().waitFor();
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (userDataDir) {
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

/**
 * Opens a tag's group in the sidebar. Clicking a tag toggles it, and Redoc also expands the group
 * of the section scrolled into view, so a blind click can close a group that was already open:
 * click only while its first operation is hidden, a bounded number of times.
 */
async function expandSidebarGroup(tag: string, firstOperation: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await firstOperation.isVisible()) {
      return;
    }
    await sidebarTag(tag).click();
    try {
      await firstOperation.waitFor({ state: 'visible', timeout: 5_000 });
      return;
    } catch {
      // Still closed (the click raced an automatic toggle): look again and retry.
    }
  }
  throw new Error(`the sidebar group of tag "${tag}" did not open after 3 clicks`);
}

describe('the built reference in Chromium', () => {
  it('groups the sidebar by the x-tagGroups and has the authentication and error sections', async () => {
    const separators = await page.locator('.menu-item-type-separator [data-text]').allInnerTexts();
    expect(separators.map((text) => text.trim())).toEqual(tagGroupNames(document));
    const sections = await page.locator('.menu-item-type-default [data-text]').allInnerTexts();
    expect(sections).toEqual(expect.arrayContaining(['Authentication', 'Errors', 'Workflows']));
  });

  it('shows the Workflows section: each flow with a table of its steps and the operations they call', async () => {
    await page
      .locator('.menu-item-type-default')
      .filter({ hasText: /^Workflows$/ })
      .first()
      .click();
    const heading = page.getByRole('heading', { name: itemLifecycle.summary ?? itemLifecycle.workflowId });
    await heading.waitFor({ state: 'visible' });
    const table = page.locator('table').filter({ hasText: 'oldTokenRefused' }).first();
    await table.waitFor({ state: 'visible' });
    expect(await table.locator('tbody tr').count()).toBe(itemLifecycle.steps.length);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
    const text = await table.innerText();
    expect(text).toContain('POST /item/access_token/invalidate');
    expect(text).toContain("error_code == 'INVALID_ACCESS_TOKEN'");
  });

  it('lists every operation and webhook of the bundled spec under its tag', async () => {
    const tags = [...new Set(expected.map((operation) => operation.tag))];
    const found: string[] = [];
    for (const tag of tags) {
      const operations = sidebarGroup(tag).locator('.menu-item-type-operation [data-text]');
      await expandSidebarGroup(tag, operations.first());
      const labels = await operations.allInnerTexts();
      found.push(...labels.map((label) => `${tag} / ${label.trim()}`));
    }
    const wanted = expected.map((operation) => `${operation.tag} / ${operation.summary}`);
    expect(found.sort()).toEqual(wanted.sort());
    expect(expected.filter((operation) => operation.webhook).length).toBeGreaterThan(0);
  });

  it("shows the operation's curl and TypeScript samples in its section", async () => {
    const section = await openOperation(sampleOperation);
    const entry = listOperations(document).find((candidate) => candidate.path === sampleOperation.key);
    const [curl, typescript] = entry ? operationCodeSamples(document, entry) : [];
    if (!entry || !curl || !typescript) {
      throw new Error(`no curl and TypeScript samples for ${sampleOperation.key}`);
    }
    expect(await shownSample(section)).toEqual(expect.arrayContaining(sampleLines(curl.source)));

    await section.getByRole('button', { name: 'curl' }).click();
    await page.getByRole('menuitem', { name: 'TypeScript', exact: true }).click();
    const shown = await shownSample(section);
    expect(shown).toEqual(expect.arrayContaining(sampleLines(typescript.source)));
    expect(shown.join('\n')).toContain(`await client.${entry.operationId}({`);

    mkdirSync(join(packageDir, 'test-results'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    process.stdout.write(`docs screenshot: ${SCREENSHOT}\n`);
  });

  it('finds an operation with the search and opens it', async () => {
    const target = expected.find((operation) => operation.key === '/item/public_token/exchange') ?? sampleOperation;
    await page
      .getByText(/^Search/)
      .first()
      .click();
    await page.getByPlaceholder(/Search/).fill('public token exchange');
    const result = page.locator('[data-component-name="Search/SearchItem"]').filter({ hasText: target.key }).first();
    await result.waitFor({ state: 'visible' });
    await result.click();
    await operationSection(target).waitFor({ state: 'visible' });
  });

  it('made no request to any host but the local server', () => {
    const origin = new URL(server.url).origin;
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !isLocal(url, origin))).toEqual([]);
    expect(failedLocally).toEqual([]);
  });
});
