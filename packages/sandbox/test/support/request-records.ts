/** The inspector's stored request records of a client, for behaviour tests. */
import type { TestSandbox } from './harness.js';

/** The stored records of `clientId`, oldest first, once everything recorded so far is stored. */
export async function recordsOf(sandbox: TestSandbox, clientId: string) {
  await sandbox.sandbox.flushRequestRecords();
  return sandbox.sandbox.store.db
    .selectFrom('request_records')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
}
