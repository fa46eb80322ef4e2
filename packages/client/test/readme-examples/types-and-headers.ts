import type { RequestBody, ResponseBody, SvcClient } from '@svc/client';

/** An operation's request and response bodies by operationId, for your own code around the client. */
type TransferQuery = RequestBody<'transferGet'>;
type TransferStatus = ResponseBody<'transferGet'>['transfer']['status'];

/**
 * Reads a transfer's status. Every call takes extra headers: against the mock,
 * `Prefer: example=<name>` picks which documented example answers.
 */
export async function transferStatus(client: SvcClient, query: TransferQuery, example?: string) {
  const headers: Record<string, string> = example ? { Prefer: `example=${example}` } : {};
  const { transfer } = await client.transferGet(query, { headers });
  const status: TransferStatus = transfer.status;
  return status;
}

/** The path-typed call takes them too; `Prefer: code=400` asks the mock for an error answer. */
export async function rejectedByMock(client: SvcClient) {
  const { error, response } = await client.POST('/transfer/get', {
    body: { transfer_id: 'does-not-exist' },
    headers: { Prefer: 'code=400' },
  });
  return error ? `HTTP ${response.status} ${error.error_code}` : 'accepted';
}
