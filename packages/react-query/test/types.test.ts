/**
 * Type tests, checked by `tsc --noEmit` (the package's `typecheck` script): each
 * `@ts-expect-error` line must be a compile error, and each `expectTypeOf` must hold.
 */
import type { components, SvcError } from '@svc/client';
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import type { PageParam, QueryBindings } from '../src/index.js';

type Schemas = components['schemas'];

/** Never called: it only has to compile (or fail to, where marked). A hook, as it calls hooks. */
function useTypedSurface(svc: QueryBindings) {
  // Queries: data typed from the operation's 200 body, errors as the client's SvcError.
  const transfer = svc.useQuery('transferGet', { transfer_id: 't1' });
  expectTypeOf(transfer.data).toEqualTypeOf<Schemas['TransferGetResponse'] | undefined>();
  expectTypeOf(transfer.error).toEqualTypeOf<SvcError | null>();
  // Options work with TanStack's own hooks, and spread to add options of your own.
  const direct = useQuery({ ...svc.queryOptions('transferGet', { transfer_id: 't1' }), staleTime: 10_000 });
  expectTypeOf(direct.data).toEqualTypeOf<Schemas['TransferGetResponse'] | undefined>();
  // Operations without a required field take no body; call options come after the body.
  svc.useQuery('paymentInitiationRecipientList');
  svc.useQuery('transferGet', { transfer_id: 't1' }, { timeoutMs: 5_000, headers: { Prefer: 'code=400' } });
  // @ts-expect-error the body is required when the operation has required fields
  svc.useQuery('transferGet');
  // @ts-expect-error a wrong body for the operation
  svc.useQuery('transferGet', { access_token: 'x' });
  // @ts-expect-error an unknown operation
  svc.useQuery('transferGett', { transfer_id: 't1' });
  // @ts-expect-error the signal is TanStack Query's, not a call option
  svc.queryOptions('transferGet', { transfer_id: 't1' }, { signal: new AbortController().signal });

  // Infinite queries: paged operations only; pages typed as the operation's response.
  const transfers = svc.useInfiniteQuery('transferList', { count: 25 });
  expectTypeOf(transfers.data).toEqualTypeOf<InfiniteData<Schemas['TransferListResponse'], PageParam> | undefined>();
  const events = useInfiniteQuery(svc.infiniteQueryOptions('transferEventSync', { after_id: 0 }));
  expectTypeOf(events.data?.pages[0]?.transfer_events).toEqualTypeOf<Schemas['TransferEvent'][] | undefined>();
  // @ts-expect-error only paged operations have infinite queries
  svc.useInfiniteQuery('transferGet', { transfer_id: 't1' });

  // Mutations: variables are the request body.
  const cancel = svc.useMutation('transferCancel');
  cancel.mutate({ transfer_id: 't1' });
  expectTypeOf(cancel.data).toEqualTypeOf<Schemas['TransferCancelResponse'] | undefined>();
  // @ts-expect-error a wrong body for the mutation
  cancel.mutate({ transfer: 't1' });

  // Keys: a typed cache read by the key of the options.
  const options = svc.queryOptions('transferGet', { transfer_id: 't1' });
  expectTypeOf(options.queryKey).toExtend<readonly unknown[]>();
}

describe('types', () => {
  it('compiles the typed surface (checked by tsc --noEmit)', () => {
    expectTypeOf(useTypedSurface).toBeFunction();
  });
});
