/** Bundles `code` (an ES module importing from ./dist/index.js) with esbuild; sizes in bytes. */
export function bundleSize(code: string): Promise<{ minified: number; gzipped: number }>;
/** What an application imports, for each measured case. */
export const SIZE_CASES: { everything: string; client: string; webhooks: string };
