import { isSvcError, parseWebhook } from '@svc/client';

/** A webhook endpoint (any runtime with Request/Response: Node, Deno, Workers, a service worker). */
export async function handleWebhook(request: Request): Promise<Response> {
  let webhook: ReturnType<typeof parseWebhook>;
  try {
    webhook = parseWebhook(await request.text());
  } catch (error) {
    if (isSvcError(error, 'webhook')) {
      // A code this version does not know yet: acknowledge it, so it is not sent again.
      const status = error.reason === 'UNKNOWN_WEBHOOK_CODE' ? 202 : 400;
      return new Response(error.message, { status });
    }
    throw error;
  }
  switch (webhook.webhook_code) {
    case 'DEFAULT_UPDATE':
      // webhook.new_transactions new transactions: read them with /transactions/get
      return Response.json({ item_id: webhook.item_id, fetch: webhook.new_transactions });
    case 'TRANSACTIONS_REMOVED':
      return Response.json({ item_id: webhook.item_id, remove: webhook.removed_transactions });
    case 'ITEM_ERROR':
      // webhook.error (for example ITEM_LOGIN_REQUIRED): send the user through the update flow
      return Response.json({ item_id: webhook.item_id, repair: webhook.error.error_code });
    case 'TRANSFER_EVENTS_UPDATE':
      // new transfer events: read them with /transfer/event/sync after the last event_id you kept
      return Response.json({ item_id: webhook.item_id, sync: 'transfers' });
    default:
      // WEBHOOK_UPDATE_ACKNOWLEDGED, LOGIN_REPAIRED, …: acknowledge the ones you do not act on
      return new Response(null, { status: 204 });
  }
}
