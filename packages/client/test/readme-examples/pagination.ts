import type { SvcClient } from '@svc/client';

/** Every transfer created up to now, newest first: pages of 25 are fetched as the loop goes. */
export async function allTransfers(client: SvcClient) {
  // A fixed upper bound keeps the pages stable while new transfers arrive. Take it from the
  // server (the newest transfer's `created`), not from this machine's clock, which may differ
  // from the server's (a sandbox's test clock runs ahead of it).
  const [newest] = (await client.transferList({ count: 1 })).transfers;
  if (!newest) {
    return [];
  }
  const transfers = [];
  for await (const transfer of client.paginate.transferList({ end_date: newest.created })) {
    transfers.push(transfer);
  }
  return transfers;
}

/** Processes the transfer events after the last one seen; returns the id to resume from. */
export async function syncTransferEvents(client: SvcClient, lastEventId: number) {
  let after = lastEventId;
  for await (const event of client.paginate.transferEventSync({ after_id: lastEventId })) {
    // ... apply event.event_type to event.transfer_id ...
    after = event.event_id;
  }
  return after;
}

/** byPage() yields whole responses, for the fields beside the items (here: the securities). */
export async function investmentPages(client: SvcClient, accessToken: string) {
  const pages = client.paginate.investmentsTransactionsGet({
    access_token: accessToken,
    start_date: '2026-01-01',
    end_date: '2026-06-30',
    options: { count: 500 },
  });
  let securities = 0;
  for await (const page of pages.byPage()) {
    securities += page.securities.length;
  }
  return securities;
}
