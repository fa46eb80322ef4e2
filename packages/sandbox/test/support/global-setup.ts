/**
 * Vitest global setup: one PostgreSQL cluster for the whole run, its admin URL provided to the
 * test files as `pgAdminUrl`.
 */
import type { TestProject } from 'vitest/node';
import { keepExitCodeAcrossExitHooks } from './keep-exit-code.js';
import { startTestPostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  keepExitCodeAcrossExitHooks();
  const postgres = await startTestPostgres();
  project.provide('pgAdminUrl', postgres.adminUrl);
  return async () => {
    await postgres.stop();
  };
}
