/**
 * The handler of every operation, assembled from the domain groups. Typed as {@link Handlers}:
 * an operation of the spec without a handler here does not compile.
 */
import { institutionHandlers } from './institutions.js';
import { itemHandlers } from './items.js';
import type { Handlers } from './types.js';

/** Every operation's handler, by operationId. */
export const handlers: Handlers = {
  ...itemHandlers,
  ...institutionHandlers,
};
