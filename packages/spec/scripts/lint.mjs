// Lints the spec and its Arazzo workflows with Redocly CLI (its usage, below, says how).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';
import { runRedocly } from './redocly.mjs';

readCommandLine({
  command: 'lint.mjs',
  usage: `usage: node scripts/lint.mjs   (pnpm --filter @svc/spec lint)

Lints the spec (the svc@v1 API of the root redocly.yaml: Redocly's recommended rules with every
warning an error, plus the project's rules), then the Arazzo workflows of spec/workflows/; exits
non-zero when either fails.
  -h, --help   show this help`,
});

const root = join(import.meta.dirname, '..', '..', '..');
const workflowsDir = join(root, 'spec', 'workflows');

/** Every Arazzo document of spec/workflows/, sorted. */
const workflowFiles = readdirSync(workflowsDir)
  .filter((name) => name.endsWith('.arazzo.yaml'))
  .sort()
  .map((name) => join(workflowsDir, name));

const specStatus = runRedocly(['lint', 'svc@v1', '--config', join(root, 'redocly.yaml')]);
const workflowsStatus =
  workflowFiles.length === 0
    ? (process.stderr.write(`no *.arazzo.yaml in ${workflowsDir}\n`), 1)
    : runRedocly(['lint', ...workflowFiles, '--config', join(workflowsDir, 'redocly.yaml')]);
process.exitCode = specStatus !== 0 ? specStatus : workflowsStatus;
