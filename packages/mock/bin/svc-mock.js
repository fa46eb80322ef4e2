#!/usr/bin/env node
// Entry point of the svc-mock command: runs the compiled CLI (dist/cli.js). A mistake in the options
// exits with code 2 and one line; any other failure with code 1 and one line.
import { runCommand } from '@svc/server-kit';
import { main } from '../dist/cli.js';

runCommand('svc-mock', main, process.argv.slice(2));
