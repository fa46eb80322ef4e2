/**
 * @module spec-version
 * Keeps `info.version` of the hand-written description (spec/openapi.yaml) equal to the version of
 * the `@svc/spec` package. `changeset version` bumps package.json only; run
 * `svc-release-check sync-spec-version` right after it to carry the new version into the spec.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The hand-written description, relative to the repository root. */
export const SPEC_SOURCE = 'spec/openapi.yaml';

/** The package whose version `info.version` follows, and its directory. */
export const SPEC_PACKAGE = { name: '@svc/spec', dir: 'packages/spec' };

/**
 * `info.version` of an OpenAPI document in YAML.
 * @param {string} yamlText
 * @returns {string}
 */
export function readInfoVersion(yamlText) {
  const document = parse(yamlText);
  const version = document?.info?.version;
  if (typeof version !== 'string') {
    throw new Error('the document has no string info.version');
  }
  return version;
}

/**
 * The document with `info.version` set to `version`, changing only that line (comments, quoting
 * and layout elsewhere are kept; the value keeps its quote style).
 * @param {string} yamlText
 * @param {string} version
 * @returns {string}
 */
export function writeInfoVersion(yamlText, version) {
  if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version)) {
    throw new Error(`"${version}" is not a semantic version`);
  }
  const lines = yamlText.split('\n');
  const infoLine = lines.findIndex((line) => /^info:\s*(#.*)?$/.test(line));
  if (infoLine < 0) {
    throw new Error('the document has no top-level "info:" mapping');
  }
  let childIndent = '';
  for (let index = infoLine + 1; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (/^\S/.test(line)) {
      break;
    }
    const child = /^(\s+)(\S)/.exec(line);
    if (!child || line.trimStart().startsWith('#')) {
      continue;
    }
    childIndent ||= child[1] ?? '';
    const match = /^(\s+)version:(\s*)(['"]?)[^'"#\s]*\3(\s*(?:#.*)?)$/.exec(line);
    if (match && match[1] === childIndent) {
      const [, indent, space, quote, trailing] = match;
      lines[index] = `${indent}version:${space || ' '}${quote}${version}${quote}${trailing}`;
      const output = lines.join('\n');
      if (readInfoVersion(output) !== version) {
        throw new Error('rewriting info.version gave a document with another info.version');
      }
      return output;
    }
  }
  throw new Error('the "info:" mapping has no plain "version:" line to rewrite');
}

/**
 * The version of `@svc/spec` and `info.version` of spec/openapi.yaml in the repository at `root`.
 * @param {string} root
 * @returns {{packageVersion: string, infoVersion: string}}
 */
export function specVersions(root) {
  const manifest = JSON.parse(readFileSync(join(root, SPEC_PACKAGE.dir, 'package.json'), 'utf8'));
  return {
    packageVersion: String(manifest.version),
    infoVersion: readInfoVersion(readFileSync(join(root, SPEC_SOURCE), 'utf8')),
  };
}

/**
 * Writes the `@svc/spec` version into `info.version` of spec/openapi.yaml when they differ.
 * @param {string} root
 * @returns {{from: string, to: string, changed: boolean}}
 */
export function syncSpecVersion(root) {
  const { packageVersion, infoVersion } = specVersions(root);
  if (packageVersion === infoVersion) {
    return { from: infoVersion, to: packageVersion, changed: false };
  }
  const path = join(root, SPEC_SOURCE);
  writeFileSync(path, writeInfoVersion(readFileSync(path, 'utf8'), packageVersion));
  return { from: infoVersion, to: packageVersion, changed: true };
}
