/**
 * One HTTP POST of a webhook, to an address the URL policy allows: host names are resolved with
 * a lookup that refuses forbidden addresses, so DNS cannot redirect a delivery.
 */

import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkAddress, checkWebhookUrl, redactedUrl } from './url-policy.js';

/** The outcome of one attempt. */
export interface SendOutcome {
  /** HTTP status, when the receiver answered. */
  status?: number;
  /** Why the attempt failed without an answer (timeout, refused, policy). */
  error?: string;
  durationMs: number;
}

/** Lookup refusing every address the policy forbids. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 4);
      return;
    }
    const list = addresses as unknown as { address: string; family: number }[];
    for (const entry of list) {
      const verdict = checkAddress(entry.address);
      if (!verdict.ok) {
        callback(new Error(`${hostname} ${verdict.reason}`), '', 4);
        return;
      }
    }
    if (options.all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, list);
      return;
    }
    const first = list[0];
    if (!first) {
      callback(new Error(`${hostname} has no address`), '', 4);
      return;
    }
    callback(null, first.address, first.family);
  });
};

/**
 * POSTs `body` to `url` with `headers`; never throws. `timeoutMs` is a deadline for the whole
 * exchange (connecting, sending, the status line and the whole response body): a receiver that
 * answers slowly, or drips its body, is cut off when it passes. `signal` ends the attempt early
 * (the sandbox is stopping).
 */
export function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  const verdict = checkWebhookUrl(url);
  if (!verdict.ok) {
    return Promise.resolve(done({ error: `refused by the URL policy: ${redactedUrl(url)} ${verdict.reason}` }));
  }
  if (signal?.aborted) {
    return Promise.resolve(done({ error: STOPPED }));
  }
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(done(outcome));
    };
    const request = send(
      target,
      {
        method: 'POST',
        lookup: guardedLookup,
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        response.once('end', () => finish({ status }));
        response.once('error', (error) => finish({ error: `the answer broke off (HTTP ${status}): ${error.message}` }));
      },
    );
    const deadline = setTimeout(
      () => finish({ error: `no complete answer within ${timeoutMs} ms (the deadline covers the whole exchange)` }),
      timeoutMs,
    );
    const onAbort = () => finish({ error: STOPPED });
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('error', (error) => finish({ error: error.message }));
    request.end(body);
  });
}

/** The error of an attempt cut short because the sandbox stopped; the webhook is retried later. */
export const STOPPED = 'the sandbox stopped during this attempt; it will be retried';
