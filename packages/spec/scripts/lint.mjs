// Lints the spec (the `svc@v1` API of the root redocly.yaml: Redocly's recommended rules with every
// warning an error, plus the project's own rules) and exits with Redocly's exit code.
import { join } from 'node:path';
import { runRedocly } from './redocly.mjs';

const config = join(import.meta.dirname, '..', '..', '..', 'redocly.yaml');
process.exitCode = runRedocly(['lint', 'svc@v1', '--config', config]);
