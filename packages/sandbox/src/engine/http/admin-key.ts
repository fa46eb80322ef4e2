/**
 * The sandbox's admin key: what authenticates the admin operations (`/sandbox/client/create`,
 * `/sandbox/client/delete`), sent as the `SVC-Sandbox-Admin-Key` header. Compared in constant
 * time (both sides hashed first, so neither the content nor the length leaks). A client's own
 * credentials never stand in for it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ADMIN_KEY_REFUSAL, SANDBOX_ADMIN_KEY_VARIABLE } from '@svc/server-kit';
import { HEADER_NAMES } from '@svc/spec/headers';
import { SandboxError } from '../errors/sandbox-error.js';

/** The environment variable the admin key may come from. */
export const ADMIN_KEY_VARIABLE = SANDBOX_ADMIN_KEY_VARIABLE;

/** A new random admin key (for a sandbox started without one): `sbxadm_` and 32 hexadecimal characters. */
export function newAdminKey(): string {
  return `sbxadm_${randomBytes(16).toString('hex')}`;
}

/** Whether `sent` is `adminKey`, in time independent of where they differ and of their lengths. */
export function isAdminKey(sent: string, adminKey: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(adminKey));
}

/** Throws the 401 `INVALID_ADMIN_KEY` unless `headers` carry `adminKey` in `SVC-Sandbox-Admin-Key`. */
export function checkAdminKey(headers: IncomingHttpHeaders, adminKey: string): void {
  const value = headers[HEADER_NAMES.sandboxAdminKey.toLowerCase()];
  const sent = Array.isArray(value) ? undefined : value;
  if (sent === undefined || sent === '' || !isAdminKey(sent, adminKey)) {
    throw new SandboxError({
      type: 'INVALID_INPUT',
      code: 'INVALID_ADMIN_KEY',
      message: ADMIN_KEY_REFUSAL.message,
      suggestedAction: ADMIN_KEY_REFUSAL.suggestedAction,
    });
  }
}
