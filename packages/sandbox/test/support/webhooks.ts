/**
 * Checks a webhook delivery as a receiver would: verifies its `SVC-Signature` with the default
 * client's webhook secret (through `@svc/client`) and validates the payload against the spec's
 * schema of that webhook.
 */
import { readFileSync } from 'node:fs';
import { verifyWebhook } from '@svc/client';
import { createDocumentValidator, type OpenApiDocument } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { expect } from 'vitest';
import { DEFAULT_CLIENT } from '../../src/features/world/world.js';
import type { TestSandbox } from './harness.js';
import type { Delivery } from './receiver.js';

/** The bundled spec. */
export const specDocument = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument & {
  webhooks: Record<
    string,
    { post: { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }
  >;
};

/** The spec's component schemas, by name (the parts of them these tests read). */
export const specSchemas = (specDocument.components?.schemas ?? {}) as Record<
  string,
  { required?: string[]; enum?: string[] }
>;

const validator = createDocumentValidator(specDocument);

/** The schema pointer of the payload of the webhook `code` of the spec's `webhooks` section. */
export function webhookSchemaPointer(code: string): string {
  const webhook = specDocument.webhooks[code];
  if (!webhook) {
    throw new Error(`the spec has no webhook ${code}`);
  }
  return webhook.post.requestBody.content['application/json'].schema.$ref;
}

/**
 * The verified, schema-checked payload of `delivery` (the webhook named by its own `webhook_code`),
 * checked as a receiver checks it: the signature's time against the receiver's own clock (the
 * sandbox signs with the machine's time whatever its own clock says, see the deliverer's
 * `signingClock`), not against the sandbox's pinned test clock.
 */
export async function verifiedPayload(delivery: Delivery): Promise<Record<string, unknown>> {
  const payload = (await verifyWebhook(delivery.body, {
    signature: delivery.headers['svc-signature'] as string,
    secret: DEFAULT_CLIENT.webhookSecret,
  })) as Record<string, unknown>;
  const check = validator.validate(webhookSchemaPointer(String(payload.webhook_code)), payload);
  expect(check.errors, `${String(payload.webhook_code)} payload against its schema`).toEqual([]);
  return payload;
}

/** The codes of the webhooks queued in the outbox about the Item `itemId`, oldest first. */
export async function queuedWebhookCodes(sandbox: TestSandbox, itemId: string): Promise<string[]> {
  const rows = await sandbox.sandbox.store.db
    .selectFrom('webhook_outbox')
    .select('webhook_code')
    .where('item_id', '=', itemId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.webhook_code);
}
