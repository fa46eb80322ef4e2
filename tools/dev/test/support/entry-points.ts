/**
 * Every command-line entry point of the repository, read from the package.json files of the root
 * and of each workspace package (pnpm-workspace.yaml): the `bin` entries, and each script that
 * runs `node <file>` or a workspace package's bin. A word after the file in a script (not an
 * option) is a subcommand: `node bin/svc-docs.js serve` gives the entry point with subcommand
 * `serve`. A CLI added to a package.json is found here without anything else to change.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** One way a CLI is run: its file (relative to the root, `/`-separated) and its subcommand, if any. */
export interface EntryPoint {
  file: string;
  subcommand?: string;
  /** Where it was found: `packages/mock/package.json scripts.bench`. */
  source: string;
}

interface PackageJson {
  name?: string;
  bin?: string | Record<string, string>;
  scripts?: Record<string, string>;
}

/** The directories of the root and of every workspace package. */
export function packageDirectories(): string[] {
  const workspace = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const patterns = [...workspace.matchAll(/^\s*-\s*['"]?([^'"\s]+)['"]?\s*$/gm)].map((match) => match[1] ?? '');
  const directories = [ROOT];
  for (const pattern of patterns) {
    if (!/^[\w.-]+\/\*$/.test(pattern)) {
      throw new Error(`pnpm-workspace.yaml: "${pattern}" is not of the form <directory>/*, which this test reads`);
    }
    const parent = join(ROOT, pattern.slice(0, -2));
    for (const entry of readdirSync(parent, { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(join(parent, entry.name, 'package.json'))) {
        directories.push(join(parent, entry.name));
      }
    }
  }
  return directories;
}

function readPackage(directory: string): PackageJson {
  return JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as PackageJson;
}

function binEntries(pkg: PackageJson): [string, string][] {
  if (typeof pkg.bin === 'string') {
    return [[(pkg.name ?? '').replace(/^@[^/]+\//, ''), pkg.bin]];
  }
  return Object.entries(pkg.bin ?? {});
}

const fromRoot = (file: string) => relative(ROOT, file).split('\\').join('/');

/** Every entry point, each file and subcommand once (the first place it was found). */
export function entryPoints(): EntryPoint[] {
  const directories = packageDirectories();
  const bins = new Map<string, string>();
  const found = new Map<string, EntryPoint>();
  const add = (entry: EntryPoint) => {
    const key = `${entry.file} ${entry.subcommand ?? ''}`;
    if (!found.has(key)) {
      found.set(key, entry);
    }
  };
  for (const directory of directories) {
    for (const [name, file] of binEntries(readPackage(directory))) {
      bins.set(name, fromRoot(resolve(directory, file)));
      add({
        file: fromRoot(resolve(directory, file)),
        source: `${fromRoot(join(directory, 'package.json'))} bin.${name}`,
      });
    }
  }
  for (const directory of directories) {
    for (const [name, script] of Object.entries(readPackage(directory).scripts ?? {})) {
      for (const step of script.split(/&&|\|\||;/)) {
        const words = step.trim().split(/\s+/);
        const [first = '', second = ''] = words;
        let file: string | undefined;
        let rest: string[] = [];
        if (first === 'node' && second !== '' && !second.startsWith('-')) {
          file = fromRoot(resolve(directory, second));
          rest = words.slice(2);
        } else if (bins.has(first)) {
          file = bins.get(first);
          rest = words.slice(1);
        }
        if (file !== undefined) {
          const source = `${fromRoot(join(directory, 'package.json'))} scripts.${name}`;
          add({ file, source });
          const subcommand = rest[0];
          if (subcommand !== undefined && !subcommand.startsWith('-')) {
            add({ file, subcommand, source });
          }
        }
      }
    }
  }
  return [...found.values()];
}
