/**
 * Every client's own canonical world. The values of the docs (the canonical Item's id and tokens,
 * its account ids, the seeded transfers, payments, reports…) are unique keys of the store, and
 * the default client holds them as they are. Any other client that has the canonical world (a
 * throwaway client, see `/sandbox/client/create`) holds them in its own *namespace*: stored as
 * `<value>~<client_id>`. At the API's edge the namespace is invisible: a request's canonical
 * values are read as the client's stored ones ({@link ClientNamespace.inbound}), and every
 * answer, error and webhook body of a client has its namespace suffix removed
 * ({@link withoutNamespace}), so a throwaway client answers the docs' samples as the default
 * client does. Values the sandbox makes (new Items, tokens, transfers) are random and need no
 * namespace. One client's stored value never names another's row: the suffix is its own id.
 *
 * A fork (a snapshot restored into a new client) holds more in its namespace: its source's own
 * random ids and tokens, so it answers them as the source did. Those values are listed with the
 * client (`clients.namespaced_values`, {@link namespacedValuesOf}) and read into its namespace
 * too; a client without such a list costs nothing more.
 */

/** What separates a canonical value from the client id of its namespace. */
export const NAMESPACE_SEPARATOR = '~';

/** The stored form of canonical `value` in the namespace of `clientId`. */
export function namespacedValue(value: string, clientId: string): string {
  return `${value}${NAMESPACE_SEPARATOR}${clientId}`;
}

/** `text` with the namespace suffix of `clientId` removed wherever it occurs. */
export function withoutNamespace(text: string, clientId: string): string {
  const suffix = `${NAMESPACE_SEPARATOR}${clientId}`;
  return text.includes(suffix) ? text.replaceAll(suffix, '') : text;
}

/** Reads requests into, and answers out of, each client's namespace. */
export interface ClientNamespace {
  /** The client that holds the canonical values as they are (no namespace). */
  readonly ownerId: string;
  /**
   * `body` with every string equal to a canonical value, or to one of `more` (a fork's own
   * values, {@link namespacedValuesOf}), in its stored form for `clientId` (the same body for the
   * owner).
   */
  inbound<T>(body: T, clientId: string, more?: ReadonlySet<string>): T;
  /** `value` with the namespace suffix of `clientId` removed from every string in it (the same value for the owner). */
  outbound<T>(value: T, clientId: string): T;
}

/** A {@link ClientNamespace} over the `canonical` values, which `ownerId` holds as they are. */
export function createClientNamespace(canonical: Iterable<string>, ownerId: string): ClientNamespace {
  const values = new Set(canonical);
  return {
    ownerId,
    inbound: (body, clientId, more) =>
      clientId === ownerId
        ? body
        : mapStrings(body, (text) => (values.has(text) || more?.has(text) ? namespacedValue(text, clientId) : text)),
    outbound: (value, clientId) =>
      clientId === ownerId ? value : mapStrings(value, (text) => withoutNamespace(text, clientId)),
  };
}

/** The parsed lists of {@link namespacedValuesOf}, by client row (an authenticated row is reused for seconds). */
const parsedValues = new WeakMap<object, ReadonlySet<string>>();

/**
 * The values beyond the canonical ones that `client` holds in its namespace (a fork's: its
 * source's own random ids and tokens), or undefined for a client that has none. Parsed once per
 * client row.
 */
export function namespacedValuesOf(client: { namespaced_values: string | null }): ReadonlySet<string> | undefined {
  if (client.namespaced_values === null) {
    return undefined;
  }
  let values = parsedValues.get(client);
  if (!values) {
    values = new Set(JSON.parse(client.namespaced_values) as string[]);
    parsedValues.set(client, values);
  }
  return values;
}

/** `value` with `map` applied to every string in it (object keys stay); new objects only where something changed. */
function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === 'string') {
    return map(value) as T;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((element) => {
      const mapped = mapStrings(element, map);
      changed ||= mapped !== element;
      return mapped;
    });
    return (changed ? out : value) as T;
  }
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, element] of Object.entries(value)) {
      const mapped = mapStrings(element, map);
      changed ||= mapped !== element;
      out[key] = mapped;
    }
    return (changed ? out : value) as T;
  }
  return value;
}
