/**
 * The inspector's page: plain HTML, CSS and browser ES modules in the package's `inspector-page/`
 * folder (shipped in `files`), served as they are. Only the files listed here are served, read
 * once at start, so no path of a request ever reaches the file system.
 */
import { readFile } from 'node:fs/promises';

/** The folder of the page's files (the same depth from `src/` and from `dist/`). */
const PAGE_DIR = new URL('../../../inspector-page/', import.meta.url);

/** Each file of the page, by the path it is served at, with its media type. */
const PAGE_FILES: Record<string, { file: string; type: string }> = {
  '/inspector': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/inspector/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/inspector/style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
  '/inspector/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/inspector/api.js': { file: 'api.js', type: 'text/javascript; charset=utf-8' },
  '/inspector/dom.js': { file: 'dom.js', type: 'text/javascript; charset=utf-8' },
  '/inspector/panels/requests.js': { file: 'panels/requests.js', type: 'text/javascript; charset=utf-8' },
  '/inspector/panels/webhooks.js': { file: 'panels/webhooks.js', type: 'text/javascript; charset=utf-8' },
  '/inspector/panels/events.js': { file: 'panels/events.js', type: 'text/javascript; charset=utf-8' },
  '/inspector/panels/items.js': { file: 'panels/items.js', type: 'text/javascript; charset=utf-8' },
  '/inspector/panels/clock.js': { file: 'panels/clock.js', type: 'text/javascript; charset=utf-8' },
  '/inspector/panels/fault-rules.js': { file: 'panels/fault-rules.js', type: 'text/javascript; charset=utf-8' },
};

/** A file of the page, ready to send. */
export interface PageAsset {
  body: Buffer;
  type: string;
}

/** Reads every file of the page; resolves with them by path. */
export async function loadPageAssets(): Promise<Map<string, PageAsset>> {
  const assets = new Map<string, PageAsset>();
  for (const [path, { file, type }] of Object.entries(PAGE_FILES)) {
    assets.set(path, { body: await readFile(new URL(file, PAGE_DIR)), type });
  }
  return assets;
}
