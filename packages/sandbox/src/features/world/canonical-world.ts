/**
 * Whose canonical world a seed writes, and under which stored values: the default client holds
 * the values of the docs as they are; a throwaway client holds them in its own namespace
 * (`engine/clients/client-namespace.ts`), so each has the whole world without sharing a key.
 */
import { DEFAULT_CLIENT } from './world.js';

/** The owner of one copy of the canonical world, and how its canonical values are stored. */
export interface CanonicalWorld {
  /** The client that owns this copy. */
  readonly clientId: string;
  /** The stored form of a canonical value (an id or token of the docs) in this copy. */
  id(value: string): string;
  /** A request body of the docs as this client's handler receives it (its canonical values in their stored form). */
  request<T>(body: T): T;
}

/** The default client's copy: the docs' values as they are. */
export const DEFAULT_WORLD: CanonicalWorld = {
  clientId: DEFAULT_CLIENT.clientId,
  id: (value) => value,
  request: (body) => body,
};
