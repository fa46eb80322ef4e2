/**
 * Vitest global setup: starts `@svc/mock` on 127.0.0.1 at a free port in Node (the DOM
 * environment of the render test replaces globals such as `URL` that the mock relies on), and
 * gives its URL to the tests as `inject('mockUrl')`.
 */
import { startMock } from '@svc/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mock = await startMock({ port: 0 });
  project.provide('mockUrl', mock.url);
  return () => mock.stop();
}
