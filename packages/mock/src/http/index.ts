/**
 * @module @svc/mock/http
 * @deprecated The shared edges moved to `@svc/server-kit`; import them from there. This entry
 * point re-exports them so existing imports keep working.
 */
export * from '@svc/server-kit';
