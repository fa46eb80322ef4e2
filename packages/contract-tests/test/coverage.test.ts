import { listOperations } from '@svc/openapi-kit';
import { describe, expect, it } from 'vitest';
import { takesAdminKey } from '../src/cases/admin-key.js';
import { missingCoverage } from '../src/coverage.js';
import { prepareSuite } from '../src/setup.js';

const { document, cases } = prepareSuite();

describe('coverage gate', () => {
  it('has a case for every operation, declared response status and example of the document', () => {
    const missing = missingCoverage(document, cases);
    expect(missing, `the suite does not cover:\n${missing.join('\n')}`).toEqual([]);
  });

  it('covers every operation with each kind of request case', () => {
    const kinds = ['success', 'unknown-field', 'body-credentials', 'no-credentials'] as const;
    const gaps = listOperations(document).flatMap((entry) =>
      kinds
        // The admin key has one placement, a header: an operation it secures has no body variant.
        .filter((kind) => kind !== 'body-credentials' || !takesAdminKey(document, entry))
        .filter((kind) => !cases.some((item) => item.operationId === entry.operationId && item.kind === kind))
        .map((kind) => `${entry.operationId}: no ${kind} case`),
    );
    expect(gaps, gaps.join('\n')).toEqual([]);
  });

  it('notices a document it does not cover', () => {
    const [first] = cases;
    expect(first).toBeDefined();
    const withoutFirstOperation = cases.filter((item) => item.operationId !== first?.operationId);
    expect(missingCoverage(document, withoutFirstOperation)).toContain(
      `${first?.operationId}: no success case (does it have a request example?)`,
    );
  });
});
