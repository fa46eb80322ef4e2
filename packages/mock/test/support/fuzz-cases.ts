/**
 * Seeded generation of invalid and malformed requests for the fuzz test: each case breaks the
 * request in one way the API must reject with a 4xx `ApiError` (a schema violation derived from
 * the operation's request schema, malformed JSON, a wrong content type, method or path, a bad
 * header, or bytes Node's HTTP parser refuses), and every case carries the client secret somewhere
 * a careless server could echo it.
 */

type Json = Record<string, unknown>;

/** A small seeded PRNG (mulberry32): the same cases on every run. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One operation to fuzz: its path, request schema (dereferenced) and a valid request body. */
export interface FuzzOperation {
  operationId: string;
  path: string;
  schema: Json;
  example: Json;
}

/** A request sent with fetch. */
export interface HttpCase {
  kind: 'http';
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** Bytes written on a raw socket (for what fetch would refuse to send). */
export interface RawCase {
  kind: 'raw';
  name: string;
  bytes: string;
}

export type FuzzCase = HttpCase | RawCase;

/** Creates the generator; `secret` is the client secret each case carries. */
export function fuzzCases(operations: readonly FuzzOperation[], secret: string, seed: number) {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  /** A size spread over orders of magnitude, from `min` to `max`. */
  const logSize = (min: number, max: number) => Math.floor(min * (max / min) ** random());

  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    'Content-Type': 'application/json',
    'SVC-CLIENT-ID': 'fuzz-client',
    'SVC-SECRET': secret,
    ...extra,
  });
  const post = (name: string, operation: FuzzOperation, body: string | Uint8Array, extra?: Record<string, string>) =>
    ({ kind: 'http', name, method: 'POST', path: operation.path, headers: headers(extra), body }) as HttpCase;
  /** The body with a surely unknown field added: any other mutation then cannot leave it valid. */
  const breaking = (body: Json) => ({ ...body, [`fuzz_${int(0, 9999)}`]: 1 });

  const schemaMutations: ((operation: FuzzOperation) => HttpCase)[] = [
    (operation) => {
      const body = structuredClone(operation.example);
      const required = ((operation.schema.required ?? []) as string[]).filter((name) => name in body);
      if (required.length === 0) {
        return post('unknown field', operation, JSON.stringify(breaking(body)));
      }
      delete body[pick(required)];
      return post('missing required field', operation, JSON.stringify(body));
    },
    (operation) => {
      const body = structuredClone(operation.example);
      const target = pick(objectsIn(body));
      target[`fuzz_${int(0, 9999)}`] = pick([1, 'x', null, [], {}]);
      // A nested object may be open (metadata): the top-level unknown field keeps the body invalid.
      return post('unknown field, maybe nested', operation, JSON.stringify(breaking(body)));
    },
    (operation) => {
      const body = structuredClone(operation.example);
      const slots = slotsIn(body, operation.schema).filter((slot) => slot.types.length > 0);
      const slot = slots.length > 0 ? pick(slots) : undefined;
      if (!slot) {
        return post('unknown field', operation, JSON.stringify(breaking(body)));
      }
      const wrong = [
        ['string', `${secret.slice(0, 3)}-not-the-secret`],
        ['number', 123456.789],
        ['integer', 7],
        ['boolean', true],
        ['null', null],
        ['array', [1, 'x']],
        ['object', { fuzz: 1 }],
      ].filter(
        ([type]) => !slot.types.includes(type as string) && !(type === 'integer' && slot.types.includes('number')),
      );
      slot.set(pick(wrong)[1]);
      return post(`wrong type at ${slot.name}`, operation, JSON.stringify(body));
    },
    (operation) => {
      const body = structuredClone(operation.example);
      const slot = pick(slotsIn(body, operation.schema));
      slot.set('__NUMBER__');
      const number = pick(['1e400', '-1e400', '1e308', '-0', '123456789012345678901234567890', '1e-400']);
      const text = JSON.stringify(breaking(body)).replace('"__NUMBER__"', number);
      return post(`number ${number} at ${slot.name}`, operation, text);
    },
    (operation) => {
      const body = structuredClone(operation.example);
      const slot = pick(slotsIn(body, operation.schema));
      slot.set('x'.repeat(logSize(100, 200_000)));
      return post(`long string at ${slot.name}`, operation, JSON.stringify(breaking(body)));
    },
    (operation) => {
      const body = structuredClone(operation.example);
      const slot = pick(slotsIn(body, operation.schema));
      slot.set('__NESTED__');
      const depth = logSize(2, 200_000);
      const open = pick(['[', '{"a":']);
      const close = open === '[' ? ']' : '}';
      const nested = `${open.repeat(depth)}1${close.repeat(depth)}`;
      return post(
        `${depth} levels at ${slot.name}`,
        operation,
        JSON.stringify(breaking(body)).replace('"__NESTED__"', nested),
      );
    },
    (operation) => {
      const body = structuredClone(operation.example);
      const target = pick(objectsIn(body));
      const count = logSize(10, 60_000);
      for (let index = 0; index < count; index++) {
        target[`k${index}`] = index;
      }
      return post(`${count} unknown fields`, operation, JSON.stringify(breaking(body)));
    },
    (operation) => {
      const body = structuredClone(operation.example);
      const slot = pick(slotsIn(body, operation.schema));
      const count = logSize(10, 120_000);
      slot.set(Array.from({ length: count }, (_, index) => pick([index, 'x', null, {}])));
      return post(`${count} items at ${slot.name}`, operation, JSON.stringify(breaking(body)));
    },
    (operation) => {
      const body = { ...structuredClone(operation.example), secret: pick([[secret], { value: secret }, 42, null]) };
      return post('a secret body field of the wrong type', operation, JSON.stringify(body), { 'SVC-SECRET': '' });
    },
    (operation) => ({
      ...post('no credentials', operation, JSON.stringify(operation.example)),
      headers: { 'Content-Type': 'application/json', 'SVC-CLIENT-ID': '', 'SVC-SECRET': '' },
    }),
  ];

  const textMutations: ((operation: FuzzOperation) => HttpCase)[] = [
    (operation) => {
      const text = JSON.stringify({ ...operation.example, secret });
      return post('truncated JSON', operation, text.slice(0, int(0, text.length - 1)), { 'SVC-SECRET': '' });
    },
    (operation) => {
      const text = JSON.stringify({ ...operation.example, secret });
      const at = int(0, text.length);
      const char = pick(['\u0000', '\u0001', '\u001f']);
      return post('a control character in JSON', operation, `${text.slice(0, at)}${char}${text.slice(at)}`, {
        'SVC-SECRET': '',
      });
    },
    (operation) => {
      const text = JSON.stringify(operation.example);
      return post('the secret unquoted', operation, `{"secret":${secret},${text.slice(1)}`, { 'SVC-SECRET': '' });
    },
    (operation) => {
      const bytes = new TextEncoder().encode(JSON.stringify({ ...operation.example, secret }));
      const broken = new Uint8Array(bytes.length + 1);
      const at = int(0, bytes.length);
      broken.set(bytes.subarray(0, at));
      broken[at] = pick([0xff, 0xc3, 0xed]);
      broken.set(bytes.subarray(at), at + 1);
      return post('bytes that are not UTF-8', operation, broken, { 'SVC-SECRET': '' });
    },
    (operation) =>
      post('JSON that is not an object', operation, pick(['[]', '1', '"x"', 'null', 'true', `["${secret}"]`])),
    (operation) => post('an empty body', operation, ''),
    (operation) =>
      post('another content type', operation, JSON.stringify(operation.example), {
        'Content-Type': pick([
          'text/plain',
          'application/xml',
          'application/json; charset=latin1',
          'multipart/form-data',
        ]),
      }),
    (operation) =>
      post('a body over 1 MiB', operation, JSON.stringify({ ...operation.example, pad: 'x'.repeat(1_100_000) })),
  ];

  const routingMutations: ((operation: FuzzOperation) => HttpCase)[] = [
    (operation) => ({
      ...post('an unknown path', operation, JSON.stringify(operation.example)),
      path: pick([
        `${operation.path}x`,
        `/%2F${operation.path.slice(1)}`,
        `/${operation.path.slice(1).replaceAll('/', '%2f')}`,
        `/${secret}`.slice(0, 6),
        `${operation.path}/../x`,
      ]),
    }),
    (operation) => {
      const method = pick(['GET', 'PUT', 'DELETE', 'PATCH']);
      const { body: _body, ...request } = post('another method', operation, JSON.stringify(operation.example));
      return method === 'GET'
        ? { ...request, method }
        : { ...request, method, body: JSON.stringify(operation.example) };
    },
    (operation) => ({
      ...post('a query string with the secret', operation, JSON.stringify(breaking(operation.example))),
      path: `${operation.path}?secret=${secret}&client_id=x`,
    }),
    (operation) =>
      post('a bad Prefer', operation, JSON.stringify(operation.example), {
        Prefer: pick(['code=abc', 'code=999', 'example=nope', 'dynamic=maybe', 'example=']),
      }),
    (operation) =>
      post('a bad SVC-Version', operation, JSON.stringify(operation.example), {
        'SVC-Version': pick(['1999-01-01', 'latest', '2026-11-1']),
      }),
  ];

  const rawCases: ((operation: FuzzOperation) => RawCase)[] = [
    (operation) => raw('a Content-Length that is not a number', operation, 'Content-Length: 1x\r\n', '{}'),
    (operation) => raw('two Content-Lengths', operation, 'Content-Length: 2\r\nContent-Length: 5\r\n', '{}'),
    (operation) =>
      raw(
        'Content-Length and Transfer-Encoding',
        operation,
        'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n',
        '0\r\n\r\n',
      ),
    (operation) => raw('a NUL in a header', operation, 'X-Fuzz: a\u0000b\r\nContent-Length: 2\r\n', '{}'),
    (operation) => raw('a bare CR in a header', operation, 'X-Fuzz: a\rb\r\nContent-Length: 2\r\n', '{}'),
    (operation) => raw('headers over 16 KB', operation, `X-Fuzz: ${'a'.repeat(int(17_000, 40_000))}\r\n`, ''),
    (operation) => ({
      kind: 'raw',
      name: 'an unknown method',
      bytes: `FROB ${operation.path} HTTP/1.1\r\nHost: x\r\nSVC-SECRET: ${secret}\r\n\r\n`,
    }),
    (operation) => raw('a bad chunk size', operation, 'Transfer-Encoding: chunked\r\n', 'zz\r\n{}\r\n0\r\n\r\n'),
    () => ({ kind: 'raw', name: 'not HTTP at all', bytes: `${secret}\r\n\r\n` }),
  ];

  function raw(name: string, operation: FuzzOperation, extraHeaders: string, body: string): RawCase {
    return {
      kind: 'raw',
      name,
      bytes: `POST ${operation.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nSVC-SECRET: ${secret}\r\n${extraHeaders}\r\n${body}`,
    };
  }

  /** The next case: mostly schema violations, then malformed bodies, routing and headers, raw bytes. */
  return function next(): FuzzCase {
    const operation = pick(operations);
    const roll = random();
    const family =
      roll < 0.55 ? schemaMutations : roll < 0.8 ? textMutations : roll < 0.95 ? routingMutations : rawCases;
    const made = pick<(operation: FuzzOperation) => FuzzCase>(family)(operation);
    return { ...made, name: `${operation.operationId}: ${made.name}` };
  };
}

/** Every object of a JSON value (the value itself first). */
function objectsIn(value: Json): Json[] {
  const found: Json[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      stack.push(...current);
    } else if (current !== null && typeof current === 'object') {
      found.push(current as Json);
      stack.push(...Object.values(current));
    }
  }
  return found;
}

/** A place in a body that can be set, with the JSON types its schema allows there. */
interface Slot {
  name: string;
  types: string[];
  set(value: unknown): void;
}

/** Every property of the body (nested ones too, present or declared) and every array item. */
function slotsIn(body: Json, schema: Json): Slot[] {
  const slots: Slot[] = [];
  const visit = (holder: Json, current: Json, prefix: string) => {
    const properties = propertiesOf(current);
    for (const [name, property] of Object.entries(properties)) {
      const slotName = prefix === '' ? name : `${prefix}.${name}`;
      slots.push({ name: slotName, types: typesOf(property), set: (value) => (holder[name] = value) });
      const value = holder[name];
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        visit(value as Json, property, slotName);
      } else if (Array.isArray(value) && value.length > 0) {
        const items = (property.items ?? {}) as Json;
        slots.push({ name: `${slotName}[0]`, types: typesOf(items), set: (item) => (value[0] = item) });
      }
    }
  };
  visit(body, schema, '');
  return slots.length > 0 ? slots : [{ name: 'fuzz', types: [], set: (value) => (body.fuzz = value) }];
}

/** The properties a schema declares, through `allOf` / `anyOf` / `oneOf` branches. */
function propertiesOf(schema: Json): Record<string, Json> {
  const properties: Record<string, Json> = { ...((schema.properties ?? {}) as Record<string, Json>) };
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    for (const branch of (schema[key] ?? []) as Json[]) {
      Object.assign(properties, propertiesOf(branch));
    }
  }
  return properties;
}

/** The JSON types a schema allows (empty when it does not say). */
function typesOf(schema: Json): string[] {
  const types = new Set<string>();
  const add = (current: Json) => {
    const type = current.type;
    for (const name of Array.isArray(type) ? type : type === undefined ? [] : [type]) {
      types.add(String(name));
    }
    for (const value of [
      ...(Array.isArray(current.enum) ? current.enum : []),
      ...('const' in current ? [current.const] : []),
    ]) {
      types.add(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      for (const branch of (current[key] ?? []) as Json[]) {
        add(branch);
      }
    }
  };
  add(schema);
  if (types.has('number')) {
    types.add('integer');
  }
  return [...types];
}
