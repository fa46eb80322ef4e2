import type { SvcClient } from '@svc/client';
import type { DocumentValidator } from '@svc/openapi-kit';
import { HEADER_NAMES } from '@svc/spec/headers';
import type { ContractCase } from './cases/types.js';

/** What a case runs against. */
export interface CaseTarget {
  baseUrl: string;
  /** Client sending credentials as headers. */
  headersClient: SvcClient;
  /** Client sending credentials as `client_id` / `secret` body fields. */
  bodyClient: SvcClient;
  validator: DocumentValidator;
  /** The fetch requests without credentials go through (the clients' own as well): a recorder's, or the global one. */
  fetch: (request: Request) => Promise<Response>;
  /**
   * The target keeps state and enforces business rules (the sandbox): a boundary value the schema
   * accepts may then meet a rule of the current state (an id that does not exist, an idempotency
   * key used before). For such a target a `boundary-accepted` case passes with a 200 or with a
   * business error: any 4xx `ApiError` whose `error_type` is not `INVALID_REQUEST`, and not a 401
   * (the credentials were refused: the boundary value was never judged).
   */
  stateful?: boolean;
  /** The admin key sent to the operations it secures. */
  adminKey?: string;
  /**
   * What a stateful target needs changed in a case to meet its state (`ContractTarget.prepareCase`):
   * its own ids in the body, other credentials.
   */
  prepare?: (item: ContractCase) => Promise<PreparedCase | undefined>;
}

/** A case as a stateful target needs it sent: `credentials` replace the suite's. */
export interface PreparedCase {
  body: unknown;
  credentials?: { clientId: string; secret: string };
}

/** The outcome of one case: `problems` is empty when the target honoured the contract. */
export interface CaseResult {
  problems: string[];
  /** Readable report: operation, case, request, response and problems. */
  report: string;
}

type RawPost = (
  path: string,
  init: { body: unknown; headers?: Record<string, string> },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** Runs one case and checks the response against the case's expectations. */
export async function runCase(item: ContractCase, target: CaseTarget): Promise<CaseResult> {
  if (item.kind === 'error-example') {
    const problems = target.validator
      .validate(item.expect.schemaPointer, item.body)
      .errors.map((error) => `example does not match ${item.expect.schemaPointer}: ${error}`);
    return result(item, problems, undefined);
  }
  const { status, body } = await send(item, target);
  if (item.kind === 'boundary-accepted' && target.stateful && status >= 400 && status < 500) {
    const problems = target.validator
      .validate('#/components/schemas/ApiError', body)
      .errors.map((error) => `the error body does not match ApiError: ${error}`);
    const errorType = (body as { error_type?: unknown } | undefined)?.error_type;
    if (errorType === 'INVALID_REQUEST') {
      problems.push(`the boundary value was refused by validation: ${JSON.stringify(body)}`);
    }
    if (status === 401) {
      problems.push(`the credentials were refused, so the boundary value was never judged: ${JSON.stringify(body)}`);
    }
    return result(item, problems, { status, body });
  }
  if (status !== item.expect.status) {
    // The body belongs to another response, so checking it against this one's schema only adds noise.
    return result(item, [`expected HTTP ${item.expect.status}, got ${status}`], { status, body });
  }
  const problems = target.validator
    .validate(item.expect.schemaPointer, body)
    .errors.map((error) => `response body does not match the schema: ${error}`);
  const fields = (body ?? {}) as Record<string, unknown>;
  if (item.expect.status < 300 && typeof fields.request_id !== 'string') {
    problems.push('the response has no request_id');
  }
  if (item.expect.errorType && fields.error_type !== item.expect.errorType) {
    problems.push(`expected error_type ${item.expect.errorType}, got ${JSON.stringify(fields.error_type)}`);
  }
  if (item.expect.errorCode && fields.error_code !== item.expect.errorCode) {
    problems.push(`expected error_code ${item.expect.errorCode}, got ${JSON.stringify(fields.error_code)}`);
  }
  if (item.expect.mentions && !String(fields.error_message ?? '').includes(item.expect.mentions)) {
    problems.push(`error_message should name ${item.expect.mentions}: ${JSON.stringify(fields.error_message)}`);
  }
  if (
    item.expect.equals !== undefined &&
    JSON.stringify(body) !== JSON.stringify(asAnswered(item.expect.equals, fields))
  ) {
    problems.push('the body is not the documented example');
  }
  return result(item, problems, { status, body });
}

/** 15 letters and digits, as every `request_id`. */
const REQUEST_ID = /^[A-Za-z0-9]{15}$/;

/**
 * The documented example as a server answers it: every response has its own `request_id`, so an
 * example's fixed one is replaced by the answer's when that is a well-formed id (anything else
 * still differs from the example).
 */
function asAnswered(example: unknown, answer: Record<string, unknown>): unknown {
  if (
    typeof example === 'object' &&
    example !== null &&
    'request_id' in example &&
    typeof answer.request_id === 'string' &&
    REQUEST_ID.test(answer.request_id)
  ) {
    return { ...example, request_id: answer.request_id };
  }
  return example;
}

/** Sends the case's request the way its credentials placement says. */
async function send(item: ContractCase, target: CaseTarget): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = item.prefer ? { Prefer: item.prefer } : {};
  if ((item.adminKey || item.adminKeyAccepted) && item.credentials !== 'none' && target.adminKey !== undefined) {
    headers[HEADER_NAMES.sandboxAdminKey] = target.adminKey;
  }
  const prepared = await target.prepare?.(item);
  const body = prepared ? prepared.body : item.body;
  const own = prepared?.credentials;
  if (item.credentials === 'none' || own) {
    const credentials: Record<string, string> =
      own && item.credentials === 'headers'
        ? { [HEADER_NAMES.clientId]: own.clientId, [HEADER_NAMES.secret]: own.secret }
        : {};
    const sent =
      own && item.credentials === 'body' ? { ...(body as object), client_id: own.clientId, secret: own.secret } : body;
    const response = await target.fetch(
      new Request(`${target.baseUrl}${item.path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers, ...credentials },
        body: JSON.stringify(sent),
      }),
    );
    return { status: response.status, body: await readJson(response) };
  }
  // Operations are discovered at run time, so the path is not a literal the client types can check.
  const client = item.credentials === 'body' ? target.bodyClient : target.headersClient;
  const post = client.POST as unknown as RawPost;
  const { data, error, response } = await post(item.path, { body, headers });
  return { status: response.status, body: data ?? error };
}

/** The JSON body of a response, or its text when it is not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Builds the readable report of a case. */
function result(
  item: ContractCase,
  problems: string[],
  response: { status: number; body: unknown } | undefined,
): CaseResult {
  const lines = [
    `${item.operationId} (POST ${item.path}) — ${item.name}`,
    `  request (${item.credentials === 'none' ? 'no credentials' : `credentials in ${item.credentials}`}${item.prefer ? `, Prefer: ${item.prefer}` : ''}): ${JSON.stringify(item.body)}`,
  ];
  if (response) {
    lines.push(`  response: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  }
  lines.push(...problems.map((problem) => `  ✗ ${problem}`));
  return { problems, report: lines.join('\n') };
}
