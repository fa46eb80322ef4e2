/**
 * Type tests. The `@ts-expect-error` lines are checked by `tsc --noEmit` (the package's
 * `typecheck` script): each must be a compile error, or tsc fails with "Unused
 * '@ts-expect-error' directive". `expectTypeOf` assertions are checked the same way.
 */
import type { Middleware } from 'openapi-fetch';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  type components,
  type ErrorCode,
  type ErrorType,
  hasErrorCode,
  isApiError,
  type KnownErrorCode,
  type Paged,
  type SvcApiError,
  type SvcClient,
} from '../src/index.js';

type Schemas = components['schemas'];

/** Never called: it only has to compile (or fail to, where marked). */
async function compileOnly(client: SvcClient) {
  const accessToken = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';

  // Named methods: request and response types from the spec.
  const exchanged = await client.itemPublicTokenExchange({ public_token: 'public-sandbox-x' });
  expectTypeOf(exchanged.access_token).toEqualTypeOf<string>();
  expectTypeOf(exchanged.item_id).toEqualTypeOf<string>();
  expectTypeOf(exchanged.request_id).toEqualTypeOf<string>();

  const auth = await client.authGet({ access_token: accessToken });
  expectTypeOf(auth.accounts).toEqualTypeOf<Schemas['Account'][]>();
  expectTypeOf(auth.accounts[0]?.official_name).toEqualTypeOf<string | null | undefined>();

  const transactions = await client.transactionsGet({
    access_token: accessToken,
    start_date: '2026-01-01',
    end_date: '2026-01-31',
    options: { count: 500, offset: 0 },
  });
  expectTypeOf(transactions.total_transactions).toEqualTypeOf<number>();

  const { transfer } = await client.transferGet({ transfer_id: 't1' });
  expectTypeOf(transfer).toEqualTypeOf<Schemas['Transfer']>();
  expectTypeOf(transfer.amount).toEqualTypeOf<string>();
  expectTypeOf(transfer.type).toEqualTypeOf<'debit' | 'credit'>();

  // @ts-expect-error a missing required field (public_token)
  await client.itemPublicTokenExchange({});
  // @ts-expect-error a wrong field type (transfer_id is a string)
  await client.transferGet({ transfer_id: 42 });
  // @ts-expect-error an unknown field (request bodies are closed)
  await client.itemRemove({ access_token: accessToken, acces_token: accessToken });
  await client.transferAuthorizationCreate({
    access_token: accessToken,
    account_id: 'a',
    // @ts-expect-error a value outside a closed enum
    type: 'debits',
    network: 'ach',
    amount: '1.00',
    ach_class: 'ppd',
    user: { legal_name: 'A' },
  });
  // @ts-expect-error a misspelled operation
  await client.itemPublicTokenExchang({ public_token: 'x' });
  // @ts-expect-error the body is required when the operation has required fields
  await client.transferGet();
  // Operations without required fields take no body.
  await client.paymentInitiationRecipientList();
  // @ts-expect-error an unknown call option
  await client.transferGet({ transfer_id: 't1' }, { retries: 3 });

  // The raw path-typed surface of openapi-fetch.
  const raw = await client.POST('/item/public_token/exchange', { body: { public_token: 'x' } });
  if (raw.data) {
    expectTypeOf(raw.data.access_token).toEqualTypeOf<string>();
  } else {
    expectTypeOf(raw.error).toEqualTypeOf<Schemas['ApiError']>();
  }
  // @ts-expect-error a misspelled path
  await client.POST('/item/publc_token/exchange', { body: { public_token: 'x' } });
  // @ts-expect-error a wrong body for the path
  await client.POST('/item/public_token/exchange', { body: { access_token: 'x' } });
  // @ts-expect-error a missing body
  await client.POST('/item/remove', {});
  // Per-call headers and the version header parameter; the error body is the API error object.
  const versioned = await client.POST('/transfer/get', {
    body: { transfer_id: 't1' },
    headers: { Prefer: 'code=400' },
    params: { header: { 'SVC-Version': '2026-11-01' } },
  });
  expectTypeOf(versioned.data).toEqualTypeOf<Schemas['TransferGetResponse'] | undefined>();
  expectTypeOf(versioned.error).toEqualTypeOf<Schemas['ApiError'] | undefined>();
  // Only what exists: every operation is a POST, and openapi-fetch's other methods are not offered.
  // @ts-expect-error no GET on an all-POST API
  client.GET;
  // @ts-expect-error no TRACE
  client.TRACE;
  // @ts-expect-error no generic request()
  client.request;
  // openapi-fetch middleware, as written for openapi-fetch, registers on the client and per call.
  const tracing: Middleware = {
    onRequest({ request }) {
      request.headers.set('X-Trace-Id', 'trace-1');
    },
  };
  client.use(tracing);
  client.eject(tracing);
  client.use({ onResponse: ({ response, schemaPath }) => (schemaPath === '/transfer/get' ? response : undefined) });
  await client.POST('/transfer/get', { body: { transfer_id: 't1' }, middleware: [tracing] });
  // @ts-expect-error middleware is an object of callbacks, not a function
  client.use(() => undefined);

  // Paginators: items typed from the response array, pages typed as the response.
  const transfers = client.paginate.transferList({ count: 25 });
  expectTypeOf(transfers).toEqualTypeOf<Paged<Schemas['Transfer'], Schemas['TransferListResponse']>>();
  for await (const event of client.paginate.bankTransferEventSync({ after_id: 0 })) {
    expectTypeOf(event.event_id).toEqualTypeOf<number>();
  }
  for await (const page of client.paginate.institutionsGet({ count: 100, offset: 0, country_codes: ['US'] }).byPage()) {
    expectTypeOf(page.total).toEqualTypeOf<number>();
  }
  // @ts-expect-error only paged operations have a paginator
  client.paginate.transferGet({ transfer_id: 't1' });
  // @ts-expect-error the starting point of an event sync is required
  client.paginate.transferEventSync({});
}

/** Error codes: an open set typed from the catalogue; the guard rejects misspelled codes. Never called. */
function errorCodesCompileOnly(error: unknown) {
  if (isApiError(error)) {
    expectTypeOf(error.error_code).toEqualTypeOf<ErrorCode>();
    // Known codes and codes added later both compile: the set is open.
    const known: ErrorCode = 'ITEM_LOGIN_REQUIRED';
    const added: ErrorCode = 'A_CODE_ADDED_LATER';
    expectTypeOf(known).toExtend<string>();
    expectTypeOf(added).toExtend<string>();
    // A comparison with any string compiles, misspelled or not (`string & {}` admits every literal):
    // that is why hasErrorCode exists.
    expectTypeOf(error.error_code === 'ITEM_LOGIN_REQUIRD').toEqualTypeOf<boolean>();
    const asCode = (code: ErrorCode) => code;
    // @ts-expect-error not an error code at all
    asCode(42);
  }
  // @ts-expect-error a misspelled code in the guard
  hasErrorCode(error, 'ITEM_LOGIN_REQUIRD');
  // @ts-expect-error the guard needs at least one code
  hasErrorCode(error);
  if (hasErrorCode(error, 'ITEM_LOGIN_REQUIRED')) {
    expectTypeOf(error.error_code).toEqualTypeOf<'ITEM_LOGIN_REQUIRED'>();
    expectTypeOf(error.error_type).toEqualTypeOf<'ITEM_ERROR'>();
  }
  expectTypeOf<'MISSING_FIELDS'>().toExtend<KnownErrorCode>();
  expectTypeOf<'ITEM_LOGIN_REQUIRD'>().not.toExtend<KnownErrorCode>();
  expectTypeOf<ErrorType>().toEqualTypeOf<components['schemas']['ErrorType']>();
}

describe('types', () => {
  it('compiles the typed surface (checked by tsc --noEmit)', () => {
    expectTypeOf(compileOnly).toBeFunction();
    expectTypeOf(errorCodesCompileOnly).toBeFunction();
    expectTypeOf<CallOptions['timeoutMs']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<SvcApiError['request_id']>().toEqualTypeOf<string | null>();
  });
});
