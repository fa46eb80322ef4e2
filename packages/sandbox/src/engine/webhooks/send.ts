/**
 * One HTTP POST of a webhook, to an address the URL policy allows: host names are resolved with
 * a lookup that refuses forbidden addresses, so DNS cannot redirect a delivery.
 */

import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkAddress, checkWebhookUrl } from './url-policy.js';

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

/** POSTs `body` to `url` with `headers`; never throws. */
export function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  const verdict = checkWebhookUrl(url);
  if (!verdict.ok) {
    return Promise.resolve(done({ error: `refused by the URL policy: ${url.split('?')[0]} ${verdict.reason}` }));
  }
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      target,
      {
        method: 'POST',
        lookup: guardedLookup,
        timeout: timeoutMs,
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(done({ status: response.statusCode ?? 0 })));
        response.once('error', () => resolve(done({ status: response.statusCode ?? 0 })));
      },
    );
    request.once('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.once('error', (error) => resolve(done({ error: error.message })));
    request.end(body);
  });
}
