/**
 * An Item made through the API as an integrator makes one: a sandbox public token for
 * `initial_products` (with a webhook URL, if given), exchanged for an access token.
 */
import type { TestSandbox } from './harness.js';

/** Creates an Item with `initial_products` (and `webhook`) and answers the exchange (`access_token`, `item_id`). */
export async function exchangedItem(
  sandbox: TestSandbox,
  initial_products: ('auth' | 'transactions')[],
  webhook?: string,
) {
  const { public_token } = await sandbox.ok('sandboxPublicTokenCreate', {
    institution_id: 'ins_109508',
    initial_products,
    ...(webhook ? { options: { webhook } } : {}),
  });
  return sandbox.ok('itemPublicTokenExchange', { public_token });
}
