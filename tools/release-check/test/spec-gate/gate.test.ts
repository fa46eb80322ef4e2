/**
 * The gate end to end on a throwaway repository shaped like this one (spec/ split into files,
 * redocly.yaml with a plugin whose decorator runs at bundle time, published @svc/spec and
 * @svc/client at 0.1.0): the release point, the level check, the generated release notes, two
 * explicit revisions, `changeset version` offline, and a shallow clone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runSpecGate, writeReleaseNotes } from '../../src/spec-gate/gate.js';
import { RELEASE_NOTES_FILE } from '../../src/spec-gate/release-notes.js';
import { changeset, createRepo, runGit, type ThrowawayRepo, workspaceFiles } from '../throwaway-repo.js';
import { baseDocument, type Doc } from './documents.js';

const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const cli = fileURLToPath(new URL('../../src/cli.js', import.meta.url));
const require = createRequire(import.meta.url);
const changesetsCliDir = dirname(require.resolve('@changesets/cli/package.json'));

const REDOCLY_YAML = `apis:
  svc@v1:
    root: spec/openapi.yaml
telemetry: off
plugins:
  - tools/test-rules/src/plugin.js
decorators:
  test/remove-x-private: on
`;

/** A plugin whose decorator drops `x-private` from operations when bundling. */
const PLUGIN = `export default function plugin() {
  return {
    id: 'test',
    decorators: {
      oas3: {
        'remove-x-private': () => ({ Operation: { leave(operation) { delete operation['x-private']; } } }),
      },
    },
  };
}
`;

/** The spec sources of `doc`: the root file, and `ItemStatus` in a file of its own. */
function specFiles(doc: Doc): Record<string, string> {
  const root = structuredClone(doc);
  const status = root.components.schemas.ItemStatus;
  root.components.schemas.ItemStatus = { $ref: './components/ItemStatus.yaml' };
  return { 'spec/openapi.yaml': stringify(root), 'spec/components/ItemStatus.yaml': stringify(status) };
}

function writeSpec(repo: ThrowawayRepo, doc: Doc): void {
  for (const [file, content] of Object.entries(specFiles(doc))) {
    repo.write(file, content);
  }
}

function setVersion(repo: ThrowawayRepo, dir: string, version: string): void {
  const manifest = JSON.parse(readFileSync(join(repo.root, dir, 'package.json'), 'utf8'));
  repo.write(`${dir}/package.json`, `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
}

let repo: ThrowawayRepo;
let doc: Doc;

beforeAll(() => {
  doc = baseDocument();
  // The first commit is the release point (no CHANGELOG.md yet).
  repo = createRepo({
    ...workspaceFiles(),
    ...specFiles(doc),
    'redocly.yaml': REDOCLY_YAML,
    'tools/test-rules/package.json': `${JSON.stringify({ name: '@svc/test-rules', private: true, type: 'module' })}\n`,
    'tools/test-rules/src/plugin.js': PLUGIN,
    '.changeset/config.json': readFileSync(join(repositoryRoot, '.changeset/config.json'), 'utf8'),
  });
});

afterAll(() => {
  repo?.dispose();
});

describe('the spec gate on a repository', () => {
  it('fails a breaking change whose changeset is only a patch, and says which level to use', async () => {
    doc.components.schemas.ItemGetRequest.properties.detail.enum = ['basic', 'full'];
    doc.paths['/item/get'].post['x-private'] = true;
    writeSpec(repo, doc);
    repo.write('.changeset/detail.md', changeset({ '@svc/spec': 'patch' }));

    const gate = await runSpecGate(repo.root);
    expect(gate.base.releasePoint?.kind).toBe('root');
    expect(gate.impact).toBe('major');
    expect(gate.changes).toEqual([
      expect.objectContaining({ impact: 'major', rule: 'enum-values-removed', targets: ['POST /item/get'] }),
    ]);
    expect(gate.packages).toEqual([
      { name: '@svc/spec', version: '0.1.0', required: 'minor', pending: 'patch', ok: false },
      { name: '@svc/client', version: '0.1.0', required: 'minor', pending: 'none', ok: false },
    ]);
    expect(gate.notes.status).toBe('missing');
    expect(gate.ok).toBe(false);

    const run = spawnSync(process.execPath, [cli, 'spec-gate', '--root', repo.root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("  major  Enum of `detail` lost values: 'audit'");
    expect(run.stderr).toContain('@svc/spec 0.1.0: needs minor, as 0.x; pending changesets give patch: TOO LOW');
    expect(run.stderr).toContain('fix: run `pnpm spec:changeset`');
  });

  it('passes once `pnpm spec:changeset` wrote the release notes', async () => {
    const written = await writeReleaseNotes(repo.root);
    expect(written.action).toBe('written');
    const notes = readFileSync(join(repo.root, RELEASE_NOTES_FILE), 'utf8');
    expect(notes).toContain('"@svc/spec": minor\n"@svc/client": minor\n');
    expect(notes).toContain('**Breaking changes** (released as a minor version while below 1.0)');
    expect(notes).toContain(
      "- Enum of `detail` lost values: 'audit' (schema `ItemGetRequest.detail`): `POST /item/get`.",
    );

    const gate = await runSpecGate(repo.root);
    expect(gate.notes.status).toBe('current');
    expect(gate.ok).toBe(true);
    expect((await writeReleaseNotes(repo.root)).action).toBe('unchanged');
  });

  it('fails while the release notes lag behind a later spec change', async () => {
    repo.commit('Narrow detail');
    doc.paths['/item/refresh'] = { post: { ...doc.paths['/item/remove'].post, operationId: 'itemRefresh' } };
    writeSpec(repo, doc);

    const stale = await runSpecGate(repo.root);
    expect(stale.packages.every((pkg) => pkg.ok)).toBe(true);
    expect(stale.notes.status).toBe('stale');
    expect(stale.ok).toBe(false);

    await writeReleaseNotes(repo.root);
    expect(readFileSync(join(repo.root, RELEASE_NOTES_FILE), 'utf8')).toContain(
      '- New operation: `POST /item/refresh`.',
    );
    expect((await runSpecGate(repo.root)).ok).toBe(true);
  });

  it('compares any two revisions', async () => {
    repo.commit('Add /item/refresh');
    const gate = await runSpecGate(repo.root, { base: 'HEAD~1', revision: 'HEAD' });
    expect(gate.base.label).toBe(repo.git('rev-parse', 'HEAD~1').trim().slice(0, 12));
    expect(gate.revision.commit).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(gate.changes).toEqual([
      expect.objectContaining({ impact: 'minor', message: 'New operation', targets: ['POST /item/refresh'] }),
    ]);
    expect(gate.notes.status).toBe('not-checked');
    await expect(runSpecGate(repo.root, { base: 'no-such-ref' })).rejects.toThrow();
  });

  it('puts the generated notes into the changelog with `changeset version`, offline', async () => {
    mkdirSync(join(repo.root, 'node_modules', '@changesets'), { recursive: true });
    symlinkSync(changesetsCliDir, join(repo.root, 'node_modules', '@changesets', 'cli'), 'dir');
    const result = spawnSync(process.execPath, [join(changesetsCliDir, 'bin.js'), 'version'], {
      cwd: repo.root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: repo.root, CI: 'true' },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(repo.root, RELEASE_NOTES_FILE))).toBe(false);
    const changelog = readFileSync(join(repo.root, 'packages/spec/CHANGELOG.md'), 'utf8');
    expect(changelog).toContain('## 0.2.0');
    expect(changelog).toMatch(
      /^- \w+: API description changes since the last release: 1 breaking, 1 feature, 0 fixes\.$/m,
    );
    expect(changelog).toContain('  **Breaking changes** (released as a minor version while below 1.0)');
    expect(changelog).toContain(
      "  - Enum of `detail` lost values: 'audit' (schema `ItemGetRequest.detail`): `POST /item/get`.",
    );
    expect(changelog).toContain('  - New operation: `POST /item/refresh`.');
    expect(readFileSync(join(repo.root, 'packages/client/CHANGELOG.md'), 'utf8')).toContain('`POST /item/refresh`');

    repo.commit('Version packages');
    const released = await runSpecGate(repo.root);
    expect(released.base.releasePoint?.subject).toBe('Version packages');
    expect(released.changes).toEqual([]);
    expect(released.notes.status).toBe('not-needed');
    expect(released.ok).toBe(true);
  });

  it('asks for a major release of a breaking change from 1.0 on', async () => {
    setVersion(repo, 'packages/spec', '1.0.0');
    setVersion(repo, 'packages/client', '1.0.0');
    delete doc.paths['/item/remove'];
    writeSpec(repo, doc);

    const gate = await runSpecGate(repo.root);
    expect(gate.packages.map((pkg) => [pkg.name, pkg.required, pkg.ok])).toEqual([
      ['@svc/spec', 'major', false],
      ['@svc/client', 'major', false],
    ]);
    await writeReleaseNotes(repo.root);
    expect(readFileSync(join(repo.root, RELEASE_NOTES_FILE), 'utf8')).toContain(
      '"@svc/spec": major\n"@svc/client": major\n',
    );
    expect((await runSpecGate(repo.root)).ok).toBe(true);
  });

  it('reports a shallow clone without a release as not verified, never as passed', () => {
    const clone = join(repo.root, '..', `${repo.root.split('/').at(-1)}-shallow`);
    runGit(repo.root, ['clone', '--quiet', '--depth', '1', `file://${repo.root}`, clone]);
    try {
      // The clone's one commit would be the release; check out the commit before it, alone, so
      // the shallow history holds no release at all.
      runGit(clone, ['fetch', '--quiet', '--depth', '1', 'origin', repo.git('rev-parse', 'HEAD~1').trim()]);
      runGit(clone, ['checkout', '--quiet', 'FETCH_HEAD']);
      const run = (env: Record<string, string>) =>
        spawnSync(process.execPath, [cli, 'spec-gate', '--root', clone], {
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', ...env },
        });
      const refused = run({});
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('shallow');
      const skipped = run({ SVC_RELEASE_CHECK_ALLOW_SHALLOW: '1' });
      expect(skipped.status).toBe(0);
      expect(skipped.stderr).toContain('SKIPPED, NOT VERIFIED');
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });
});
