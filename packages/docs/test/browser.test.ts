/**
 * Opens the built reference (dist/index.html) in headless Chromium (found by src/chromium.js:
 * CHROMIUM_PATH, else /usr/bin/chromium, else @sparticuz/chromium; driven by playwright-core) from a
 * local server, and checks what a reader sees: every operation
 * listed, code samples in an operation's section with every character visible, table codes never
 * broken inside a word, no empty image or badge, the Workflows section, a working search whose
 * snippets keep words apart, links that download the spec (served and from disk), and no request
 * to any other host. Saves a screenshot to test-results/ and prints its path.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findWorkflow, listOperations, readWorkflowFiles } from '@svc/openapi-kit';
import { openapiJsonPath, openapiYamlPath, workflowsPath } from '@svc/spec';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  distDir,
  findChromium,
  htmlPath,
  operationCodeSamples,
  packageDir,
  SPEC_DOWNLOADS,
  serveDocs,
} from '../src/index.js';
import { type ListedOperation, listedOperations, readBundledSpec, tagGroupNames } from './bundled-spec.js';
import { emptyImagesAndBadges, hiddenSampleText, tableCodeBreaks } from './page-layout.js';

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

/** The viewport widths the layout is checked at: a desktop (three panels) and a narrow window. */
const WIDTHS = [1440, 600];
const HEIGHT = 900;

/** Where each download comes from in `@svc/spec`. */
const DOWNLOAD_SOURCES = { yaml: openapiYamlPath, json: openapiJsonPath };

/**
 * Two words of an operation's description on both sides of a line break inside a paragraph, and
 * of the end of a list item (the next item begins), which Redoc's text extractor ran together:
 * what the search must show apart.
 */
const wordBoundaries = (
  [
    ['a line break', /\b([a-z]{4,})\n([a-z]{4,})\b/, ' '],
    ['list items', /(?:^|\n)(?:- | {2})[^\n]*\b([a-z]{4,})\.\n- ([A-Z][a-z]{2,})\b/, '. '],
  ] as const
).map(([boundary, pattern, joint]) => {
  for (const entry of listOperations(document)) {
    const found = pattern.exec(entry.operation.description ?? '');
    const operation = expected.find((candidate) => candidate.key === entry.path);
    if (found?.[1] && found[2] && operation) {
      return { boundary, operation, words: [found[1], found[2]] as const, joint };
    }
  }
  throw new Error(`no operation description of the bundled spec has two words around ${boundary}`);
});

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
      viewport: { width: WIDTHS[0] ?? 1440, height: HEIGHT },
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

/** Sets the viewport's width and waits for two frames, so the page has laid itself out again. */
async function resize(width: number): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** What `measure` finds at each of {@link WIDTHS}, each prefixed with its width; back to the first width after. */
async function atEachWidth(measure: () => Promise<string[]>): Promise<string[]> {
  const found: string[] = [];
  try {
    for (const width of WIDTHS) {
      await resize(width);
      found.push(...(await measure()).map((problem) => `${width} px: ${problem}`));
    }
  } finally {
    await resize(WIDTHS[0] ?? 1440);
  }
  return found;
}

/** Opens the search dialog and searches for `query`. */
async function search(query: string): Promise<void> {
  await page
    .getByText(/^Search/)
    .first()
    .click();
  await page.getByPlaceholder(/Search/).fill(query);
}

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

  it('has no empty image or badge: the footer names nobody without a logo', async () => {
    expect(await atEachWidth(() => emptyImagesAndBadges(page))).toEqual([]);
  });

  it('never breaks an inline code in a table cell inside a word, on a wide and a narrow screen', async () => {
    await page
      .locator('.menu-item-type-default')
      .filter({ hasText: /^Errors$/ })
      .first()
      .click();
    await page.locator('td code').first().waitFor({ state: 'visible' });
    const measured: string[] = [];
    const broken = await atEachWidth(async () => {
      const { codes, insideWords } = await tableCodeBreaks(page);
      measured.push(...codes);
      return insideWords;
    });
    expect(broken).toEqual([]);
    expect(measured.filter((code) => code.includes('_')).length).toBeGreaterThan(10);
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
    // The page fills the sample in after the section opens; on a busy machine that can take a moment.
    await expect
      .poll(() => shownSample(section), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(sampleLines(curl.source)));
    const sample = section.locator('pre[data-testid="source-code"]').first();
    expect(await atEachWidth(() => hiddenSampleText(sample))).toEqual([]);

    await section.getByRole('button', { name: 'curl' }).click();
    await page.getByRole('menuitem', { name: 'TypeScript', exact: true }).click();
    // The page swaps the sample after the click; on a busy machine that can take a moment.
    await expect
      .poll(() => shownSample(section), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(sampleLines(typescript.source)));
    const shown = await shownSample(section);
    expect(shown).toEqual(expect.arrayContaining(sampleLines(typescript.source)));
    expect(shown.join('\n')).toContain(`await client.${entry.operationId}({`);
    expect(await atEachWidth(() => hiddenSampleText(sample))).toEqual([]);

    mkdirSync(join(packageDir, 'test-results'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    process.stdout.write(`docs screenshot: ${SCREENSHOT}\n`);
  });

  it('finds an operation with the search and opens it', async () => {
    const target = expected.find((operation) => operation.key === '/item/public_token/exchange') ?? sampleOperation;
    await search('public token exchange');
    const result = page.locator('[data-component-name="Search/SearchItem"]').filter({ hasText: target.key }).first();
    await result.waitFor({ state: 'visible' });
    await result.click();
    await operationSection(target).waitFor({ state: 'visible' });
  });

  it.each(wordBoundaries)('keeps two words apart across $boundary in search snippets', async (found) => {
    const [first, second] = found.words;
    await search(`${first} ${second}`);
    const result = page
      .locator('[data-component-name="Search/SearchItem"]')
      .filter({ hasText: found.operation.key })
      .first();
    await result.waitFor({ state: 'visible' });
    const text = ((await result.textContent()) ?? '').replace(/\s+/g, ' ');
    await page.keyboard.press('Escape');
    expect(text).toContain(`${first}${found.joint}${second}`);
    expect(text).not.toContain(`${first}${found.joint.trim()}${second}`);
  });

  it('links the bundled spec for download, served beside the page', async () => {
    await page.goto(server.url, { waitUntil: 'load' });
    for (const { file, format } of SPEC_DOWNLOADS) {
      const link = page.getByRole('link', { name: file, exact: true });
      await link.waitFor({ state: 'visible' });
      const href = await link.evaluate((anchor) => (anchor as HTMLAnchorElement).href);
      expect(href).toBe(new URL(file, server.url).href);
      const body = await page.evaluate(async (url) => (await fetch(url)).text(), href);
      expect(body, file).toBe(readFileSync(DOWNLOAD_SOURCES[format], 'utf8'));
    }
  });

  it('links the downloads beside the file when the page is opened from disk', async () => {
    const fromDisk = await context.newPage();
    try {
      await fromDisk.goto(pathToFileURL(htmlPath).href, { waitUntil: 'load' });
      for (const { file } of SPEC_DOWNLOADS) {
        const link = fromDisk.getByRole('link', { name: file, exact: true });
        await link.waitFor({ state: 'visible' });
        const href = await link.evaluate((anchor) => (anchor as HTMLAnchorElement).href);
        expect(href).toBe(pathToFileURL(join(distDir, file)).href);
        expect(existsSync(join(distDir, file)), file).toBe(true);
      }
    } finally {
      await fromDisk.close();
    }
  });

  it('made no request to any host but the local server', () => {
    const origin = new URL(server.url).origin;
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !isLocal(url, origin))).toEqual([]);
    expect(failedLocally).toEqual([]);
  });
});
