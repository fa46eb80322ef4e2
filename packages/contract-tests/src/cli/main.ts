/**
 * The work of `svc-contract` once its command line is read (`bin/svc-contract.mjs`): runs the
 * selected cases against the server, prints each failure's report and the totals, writes the
 * JUnit, SARIF and HAR files asked for, and returns the exit code: 0 when every case passed, 1
 * when one failed, 2 for a usage mistake (a bad URL, missing credentials, an unknown operation or
 * tag).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openapiJsonPath } from '@svc/spec';
import { junitXml } from './junit.js';
import { runContract } from './run-contract.js';
import { sarifLog } from './sarif.js';
import { SelectionError } from './select-cases.js';

/** The options of the command line, as `readCommandLine` returns them. */
export interface CommandLineValues {
  'base-url'?: string;
  'client-id'?: string;
  secret?: string;
  operation?: string[];
  tag?: string[];
  'read-only'?: boolean;
  mock?: boolean;
  junit?: string;
  sarif?: string;
  har?: string;
}

/** A mistake in the command line: exit code 2 with one line. */
export class UsageError extends Error {}

/** Where the command writes (replaceable in tests). */
export interface Output {
  out: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

function writeFile(path: string, text: string): void {
  mkdirSync(dirname(resolve(path)), { recursive: true });
  writeFileSync(path, text);
}

/** Runs the command; throws {@link UsageError} on a usage mistake, returns 0 or 1 otherwise. */
export async function main(
  values: CommandLineValues,
  output: Output = { out: (line) => process.stdout.write(`${line}\n`), env: process.env },
): Promise<number> {
  const baseUrl = values['base-url'];
  if (!baseUrl) {
    throw new UsageError('--base-url is required');
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url must be an absolute URL such as https://staging.example.com, not "${baseUrl}"`);
  }
  const clientId = values['client-id'] ?? output.env.SVC_CLIENT_ID;
  const secret = values.secret ?? output.env.SVC_SECRET;
  if (!clientId || !secret) {
    throw new UsageError('credentials are required: --client-id and --secret (or SVC_CLIENT_ID and SVC_SECRET)');
  }
  let outcomes: Awaited<ReturnType<typeof runContract>>;
  try {
    outcomes = await runContract({
      baseUrl: url.toString(),
      clientId,
      secret,
      isMock: values.mock ?? false,
      selection: { operations: values.operation ?? [], tags: values.tag ?? [], readOnly: values['read-only'] ?? false },
      ...(values.har ? { harPath: values.har } : {}),
      onResult: (outcome) => {
        if (outcome.status === 'failed') {
          output.out(`${outcome.report}\n`);
        }
      },
    });
  } catch (error) {
    if (error instanceof SelectionError) {
      throw new UsageError(error.message);
    }
    throw error;
  }
  if (values.junit) {
    writeFile(values.junit, junitXml(outcomes));
  }
  if (values.sarif) {
    writeFile(values.sarif, `${JSON.stringify(sarifLog(outcomes, pathToFileURL(openapiJsonPath).href), null, 1)}\n`);
  }
  const count = (status: string) => outcomes.filter((outcome) => outcome.status === status).length;
  const operations = new Set(outcomes.map((outcome) => outcome.item.operationId)).size;
  output.out(
    `svc-contract: ${outcomes.length} cases of ${operations} operations against ${url.origin}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`,
  );
  return count('failed') === 0 ? 0 : 1;
}
