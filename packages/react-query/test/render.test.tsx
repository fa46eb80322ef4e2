// @vitest-environment happy-dom
/**
 * Components using the bindings, rendered in a DOM (happy-dom) against the real `@svc/mock` on
 * 127.0.0.1 (started by test/start-mock.ts): a query, its typed error, an infinite query over a
 * paged operation, and a mutation.
 */
import { createClient, isApiError } from '@svc/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createQueryBindings, type QueryBindings } from '../src/index.js';

/** How long a render may take to show its data: a loaded machine, and a retried request, can exceed the 1 s default. */
const SLOW = { timeout: 15_000 };

const credentials = { clientId: '62b4f1c9a7d3e5001a2b3c4d', secret: '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' };
let svc: QueryBindings;

beforeAll(() => {
  // The mock runs in Node, started by the global setup (test/start-mock.ts).
  svc = createQueryBindings(createClient({ ...credentials, baseUrl: inject('mockUrl'), maxRetries: 0 }));
});

afterEach(() => {
  cleanup();
});

/** Renders `children` inside a fresh QueryClient. */
function renderWithQueries(children: ReactNode) {
  const queryClient = new QueryClient();
  return { queryClient, ...render(<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>) };
}

function TransferStatus({ transferId }: { transferId: string }) {
  const { data, error, isPending } = svc.useQuery('transferGet', { transfer_id: transferId });
  if (isPending) {
    return <p>loading</p>;
  }
  if (error) {
    return <p role="alert">{isApiError(error) ? error.error_code : error.message}</p>;
  }
  return (
    <p>
      transfer {data.transfer.id} is {data.transfer.status}
    </p>
  );
}

function Transfers() {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = svc.useInfiniteQuery('transferList', { count: 1 });
  // Keyed by page parameter and id: a page may repeat the items of the one before.
  const transfers =
    data?.pages.flatMap((page, number) =>
      page.transfers.map((transfer) => ({ key: `${data.pageParams[number]}-${transfer.id}`, id: transfer.id })),
    ) ?? [];
  return (
    <div>
      <ul>
        {transfers.map(({ key, id }) => (
          <li key={key}>{id}</li>
        ))}
      </ul>
      <p>{hasNextPage ? 'more' : 'no more'}</p>
      <button type="button" disabled={!hasNextPage || isFetchingNextPage} onClick={() => fetchNextPage()}>
        load more
      </button>
    </div>
  );
}

function CancelTransfer({ transferId }: { transferId: string }) {
  const cancel = svc.useMutation('transferCancel');
  return (
    <div>
      <button type="button" onClick={() => cancel.mutate({ transfer_id: transferId })}>
        cancel
      </button>
      {cancel.isSuccess && <p>cancelled, request {cancel.data.request_id}</p>}
    </div>
  );
}

describe('components against @svc/mock', () => {
  it('renders a query: the documented example of transferGet', async () => {
    renderWithQueries(<TransferStatus transferId="460cbe92-2dcc-8eae-5ad6-b37d0ec90fd9" />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText(/^transfer 460cbe92-2dcc-8eae-5ad6-b37d0ec90fd9 is \w+$/, {}, SLOW)).toBeTruthy();
  });

  it('renders the typed error of a rejected request (the mock validates the body)', async () => {
    renderWithQueries(<TransferStatus transferId="" />);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('INVALID_FIELD');
  });

  it('pages an infinite query until the paging contract ends it', async () => {
    renderWithQueries(<Transfers />);
    // count 1 and a one-transfer example page: a full page, so there may be a next one.
    expect(await screen.findByText('more', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    const button = screen.getByRole('button', { name: 'load more' }) as HTMLButtonElement;
    fireEvent.click(button);
    // The mock answers every page with the same example, so the second page repeats the first:
    // the bindings end the pages there instead of offering the same page again and again.
    expect(await screen.findByText('no more', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(button.disabled).toBe(true);
  });

  it('runs a mutation', async () => {
    renderWithQueries(<CancelTransfer transferId="460cbe92-2dcc-8eae-5ad6-b37d0ec90fd9" />);
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(await screen.findByText(/^cancelled, request \w+$/, {}, SLOW)).toBeTruthy();
  });
});
