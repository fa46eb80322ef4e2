/**
 * The SARIF 2.1.0 report of a `svc-contract` run (GitHub code scanning and other SARIF readers):
 * one rule per case kind (`missing-field`, `constraint-rejected`...), one `error` result per failed
 * case. A result's location is logical, the operation and the case
 * (`fullyQualifiedName`: `<operationId>/<case>`), its message the case's report; the spec file,
 * when given, is the physical location, so a code-scanning alert points at the contract.
 */
import type { CaseKind } from '../cases/types.js';
import type { CaseOutcome } from './run-contract.js';

/** The SARIF 2.1.0 schema address. */
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** What each kind of case checks: the rules of the report. */
const RULES: Record<CaseKind, string> = {
  success: 'A request example gets a 200 matching the response schema.',
  'missing-field': 'A body missing a required field is rejected with 400 MISSING_FIELDS naming it.',
  'unknown-field': 'A body with an unknown field is rejected with 400 UNKNOWN_FIELDS naming it.',
  'boundary-accepted': 'A value exactly at a constraint boundary is accepted.',
  'constraint-rejected': 'A value just outside a constraint is rejected with 400 INVALID_FIELD naming it.',
  'body-credentials': 'Credentials as client_id and secret body fields are accepted.',
  'no-credentials': 'A request without credentials is rejected with 401 MISSING_CREDENTIALS.',
  'forced-response': 'A mock answers each documented status and example forced with Prefer.',
  'error-example': 'Each documented error example matches the error schema.',
};

/** A minimal SARIF 2.1.0 log (the parts this report writes). */
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: {
    tool: {
      driver: { name: string; informationUri?: string; rules: { id: string; shortDescription: { text: string } }[] };
    };
    results: {
      ruleId: string;
      level: 'error';
      message: { text: string };
      properties: { operationId: string; case: string };
      locations: {
        physicalLocation?: { artifactLocation: { uri: string } };
        logicalLocations: { name: string; fullyQualifiedName: string; kind: string }[];
      }[];
    }[];
  }[];
}

/** The SARIF log of the failed outcomes; `specUri` (the spec the cases came from) is their physical location. */
export function sarifLog(outcomes: readonly CaseOutcome[], specUri?: string): SarifLog {
  const results = outcomes
    .filter((outcome) => outcome.status === 'failed')
    .map((outcome) => ({
      ruleId: outcome.item.kind,
      level: 'error' as const,
      message: { text: outcome.report },
      properties: { operationId: outcome.item.operationId, case: outcome.item.name },
      locations: [
        {
          ...(specUri ? { physicalLocation: { artifactLocation: { uri: specUri } } } : {}),
          logicalLocations: [
            {
              name: outcome.item.name,
              fullyQualifiedName: `${outcome.item.operationId}/${outcome.item.name}`,
              kind: 'function',
            },
          ],
        },
      ],
    }));
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'svc-contract',
            rules: Object.entries(RULES).map(([id, text]) => ({ id, shortDescription: { text } })),
          },
        },
        results,
      },
    ],
  };
}
