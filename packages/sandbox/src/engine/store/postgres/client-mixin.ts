/**
 * What the pool's client classes extend (`named-statements.ts`, `pipelined-begin.ts`,
 * `request-flight.ts`, `statements-together.ts`, `coalesced-writes.ts`): a class with pg's
 * `query` (`pg.Client`, or one of these mixins over it).
 */

/** A class with pg's `query`, the base of a client mixin. */
// biome-ignore lint/suspicious/noExplicitAny: a mixin's base takes any constructor arguments (TypeScript's rule).
export type QueryingClass = new (...args: any[]) => { query(...args: any[]): any };
