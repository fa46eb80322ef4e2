/**
 * The inspector's page: plain HTML, CSS and browser ES modules in the package's `inspector-page/`
 * folder (shipped in `files`), served as they are. Only the files listed here are served, read
 * once at start, so no path of a request ever reaches the file system.
 */
import { readFile } from 'node:fs/promises';

/** The folder of the page's files (the same depth from `src/` and from `dist/`). */
const PAGE_DIR = new URL('../../../inspector-page/', import.meta.url);

/** Each file of the page, served under `/inspector/` by its name; `index.html` is the page itself (`/inspector`). */
const PAGE_FILES = [
  'index.html',
  'style.css',
  'app.js',
  'api.js',
  'dom.js',
  'panels/requests.js',
  'panels/webhooks.js',
  'panels/events.js',
  'panels/items.js',
  'panels/clock.js',
  'panels/fault-rules.js',
] as const;

/** The media type of each kind of file the page has. */
const MEDIA_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
};

/** A file of the page, ready to send. */
export interface PageAsset {
  body: Buffer;
  type: string;
}

/** Reads every file of the page; resolves with them by path. */
export async function loadPageAssets(): Promise<Map<string, PageAsset>> {
  const assets = new Map<string, PageAsset>();
  for (const file of PAGE_FILES) {
    const type = MEDIA_TYPES[file.slice(file.lastIndexOf('.') + 1)] as string;
    const asset = { body: await readFile(new URL(file, PAGE_DIR)), type };
    for (const path of file === 'index.html' ? ['/inspector', '/inspector/'] : [`/inspector/${file}`]) {
      assets.set(path, asset);
    }
  }
  return assets;
}
