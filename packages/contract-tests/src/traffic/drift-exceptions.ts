/**
 * What `redocly drift` reports on the contract suite's own traffic that is no drift of a server or
 * of the spec, each with its reason. Everything else it reports is a finding, and a finding fails
 * the suite (`traffic-report.ts`).
 */

import { HEADER_NAMES } from '@svc/spec/headers';

/** A request header drift calls undocumented, which is not. */
export interface IgnoredHeader {
  name: string;
  why: string;
}

/** Headers passed to `--ignore-headers`. */
export const IGNORED_HEADERS: readonly IgnoredHeader[] = [
  {
    name: 'svc-client-id',
    why: 'the `clientId` apiKey security scheme: drift 2.77 checks it under security-baseline but still counts it as an undocumented header',
  },
  {
    name: 'svc-secret',
    why: 'the `secret` apiKey security scheme (same as `svc-client-id`)',
  },
  {
    name: HEADER_NAMES.sandboxAdminKey.toLowerCase(),
    why: 'the `sandboxAdminKey` apiKey security scheme of the sandbox administration operations (same as `svc-client-id`)',
  },
  {
    name: 'prefer',
    why: "the mock's control header (`Prefer: code=…, example=…`, as Prism's), which the forced-response cases send; not part of the API",
  },
];

/**
 * The rule that reports a request without the credential headers. The suite sends two such
 * requests per operation on purpose: credentials as `client_id` / `secret` body fields (which the
 * API accepts; OpenAPI security schemes cannot express a body credential) and none at all (the
 * case expecting 401). The report counts those requests in the HAR and requires drift's
 * occurrences of this rule to be exactly that many: one more is a finding.
 */
export const CREDENTIALS_RULE = 'security-baseline';
