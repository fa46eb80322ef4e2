#!/usr/bin/env node
// Entry point of the svc-contract command: reads the command line (tools/dev/command-line.mjs, so
// that --help and option mistakes answer before anything is built), then runs the compiled suite
// (dist/cli/main.js). Exit codes: 0 every case passed, 1 a case failed (or the run broke), 2 a
// usage mistake, with one line on stderr.
import { exitWithUsageError, readCommandLine } from '../../../tools/dev/command-line.mjs';

const COMMAND = 'svc-contract';

const USAGE = `usage: svc-contract --base-url URL --client-id ID --secret SECRET [options]

Runs every contract case of the bundled spec (@svc/spec) against the server at URL: request
examples, missing and unknown fields, each constraint just outside and at its boundary, body and
missing credentials. Prints each failure and the totals.

Options:
  --base-url URL       the server to check (required)
  --client-id ID       its client id (default: $SVC_CLIENT_ID)
  --secret SECRET      its secret (default: $SVC_SECRET; never printed or written)
  --operation ID       only this operationId (repeatable)
  --tag TAG            only operations with this tag (repeatable)
  --read-only          only operations that change no state (get, list, search)
  --mock               the server is a mock honouring Prefer: also run the forced-response cases
  --junit FILE         write a JUnit XML report
  --sarif FILE         write a SARIF 2.1.0 report (one result per failed case)
  --har FILE           write the run's traffic as HAR 1.2 (credentials redacted)
  -h, --help           print this help

Exit codes: 0 every case passed, 1 a case failed, 2 a usage mistake.`;

const { values } = readCommandLine({
  command: COMMAND,
  usage: USAGE,
  options: {
    'base-url': { type: 'string' },
    'client-id': { type: 'string' },
    secret: { type: 'string' },
    operation: { type: 'string', multiple: true },
    tag: { type: 'string', multiple: true },
    'read-only': { type: 'boolean' },
    mock: { type: 'boolean' },
    junit: { type: 'string' },
    sarif: { type: 'string' },
    har: { type: 'string' },
  },
});

const { main, UsageError } = await import('../dist/cli/main.js');
try {
  process.exitCode = await main(values);
} catch (error) {
  if (error instanceof UsageError) {
    exitWithUsageError(COMMAND, error.message, `${COMMAND} --help lists the options`);
  }
  process.stderr.write(`${COMMAND}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
