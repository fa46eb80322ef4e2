import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSvcError, verifyWebhook } from '../src/index.js';

const secret = 'whsec_test_secret';
const body = JSON.stringify({
  webhook_type: 'ITEM',
  webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED',
  item_id: 'eVBnVMp7zdTJLkRNr33Rs6zr7KNJqBFL9DrE6',
  error: null,
  environment: 'sandbox',
  new_webhook_url: 'https://www.example.com/webhooks/svc-v2',
});
const now = new Date('2026-11-02T10:00:00Z');
const t = Math.floor(now.getTime() / 1000);
const sign = (payload: string, at = t, key = secret) =>
  `t=${at},v1=${createHmac('sha256', key).update(`${at}.${payload}`).digest('hex')}`;

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isSvcError(error, 'webhook')) {
      return `${error.reason}: ${error.problems.join('; ')}`;
    }
    throw error;
  }
  return 'accepted';
}

describe('verifyWebhook', () => {
  it('accepts a body signed with the secret and returns the typed payload', async () => {
    const webhook = await verifyWebhook(body, { signature: sign(body), secret, now });
    expect(webhook.webhook_code).toBe('WEBHOOK_UPDATE_ACKNOWLEDGED');
  });

  it('accepts the raw bytes as received', async () => {
    const webhook = await verifyWebhook(new TextEncoder().encode(body), { signature: sign(body), secret, now });
    expect(webhook.item_id).toBe('eVBnVMp7zdTJLkRNr33Rs6zr7KNJqBFL9DrE6');
  });

  it.each([
    ['a missing header', undefined, /INVALID_SIGNATURE: the SVC-Signature header is missing/],
    ['a malformed header', 'v1=abc', /INVALID_SIGNATURE: .*not of the form/],
    ['another secret', sign(body, t, 'whsec_other'), /INVALID_SIGNATURE: the signature does not match/],
    ['another body', sign(`${body} `), /INVALID_SIGNATURE: the signature does not match/],
    ['a signature older than 5 minutes', sign(body, t - 301), /INVALID_SIGNATURE: .*outside the tolerance of 300 s/],
    ['a signature from the future', sign(body, t + 301), /INVALID_SIGNATURE: .*outside the tolerance/],
  ])('refuses %s', async (_name, signature, expected) => {
    expect(await reason(verifyWebhook(body, { signature, secret, now }))).toMatch(expected);
  });

  it('still checks the payload after the signature', async () => {
    const bad = JSON.stringify({ webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED' });
    expect(await reason(verifyWebhook(bad, { signature: sign(bad), secret, now }))).toMatch(/^INVALID_PAYLOAD/);
  });
});
