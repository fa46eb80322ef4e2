/**
 * @module readmes
 * The READMEs whose samples must run: the root README and each package's and tool's README.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractSamples } from './extract.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The README paths, relative to the repository root. */
export const README_FILES = [
  'README.md',
  ...['packages', 'tools'].flatMap((folder) =>
    readdirSync(join(root, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, folder, entry.name, 'README.md')))
      .map((entry) => `${folder}/${entry.name}/README.md`),
  ),
].sort();

/**
 * Every sample of the READMEs.
 * @returns {import('./extract.js').Sample[]}
 */
export function readmeSamples() {
  return README_FILES.flatMap((file) => extractSamples(readFileSync(join(root, file), 'utf8'), file));
}
