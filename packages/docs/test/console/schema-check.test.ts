/**
 * The console's schema checker against Ajv (`createDocumentValidator` of @svc/openapi-kit, the
 * server's own rules): the same verdict on every named request example of the spec and on wrong
 * variants of each (a required field removed, an unknown field added, each field given a value of
 * the wrong type), and the wrong field named.
 */
import { createDocumentValidator, listOperations, requestExamples, requestSchemaPointer } from '@svc/openapi-kit';
import { describe, expect, it } from 'vitest';
import { bodyProblems, schemaProblems } from '../../src/console/schema-check.js';
import { readBundledSpec } from '../bundled-spec.js';

const document = readBundledSpec();
const root = document as unknown as Record<string, unknown>;
const ajv = createDocumentValidator(document);

interface Variant {
  label: string;
  pointer: string;
  value: unknown;
  /** the field the checker must name when the value is wrong */
  field?: string;
}

/** The schema at a JSON pointer of the document. */
function schemaAt(pointer: string): Record<string, unknown> {
  return { $ref: pointer.replace(/^#?/, '#') };
}

/** A wrong value for a field that holds `value`: another JSON type. */
function wrongType(value: unknown): unknown {
  return typeof value === 'string' ? 12345 : 'not-the-right-type';
}

const variants: Variant[] = listOperations(document).flatMap((entry) => {
  const pointer = requestSchemaPointer(entry);
  return requestExamples(document, entry).flatMap((example) => {
    const label = `${entry.path} ${example.name}`;
    const value = example.value as Record<string, unknown>;
    const list: Variant[] = [{ label: `${label} as written`, pointer, value }];
    list.push({ label: `${label} + unknown field`, pointer, value: { ...value, zz_unknown: 1 }, field: 'zz_unknown' });
    for (const field of Object.keys(value)) {
      const { [field]: removed, ...rest } = value;
      list.push({ label: `${label} without ${field}`, pointer, value: rest, field });
      list.push({
        label: `${label} with ${field} of the wrong type`,
        pointer,
        value: { ...value, [field]: wrongType(removed) },
        field,
      });
    }
    return list;
  });
});

describe('the console schema checker', () => {
  it('has variants for every operation with a request example', () => {
    expect(variants.length).toBeGreaterThan(200);
  });

  it.each(variants)('agrees with Ajv: $label', ({ pointer, value, field }) => {
    const expected = ajv.validate(pointer, value);
    const problems = schemaProblems(schemaAt(pointer), value, root);
    expect(problems.length === 0, JSON.stringify({ ajv: expected.errors, ours: problems })).toBe(expected.valid);
    if (!expected.valid && field) {
      expect(problems.map((problem) => problem.path)).toContain(field);
    }
  });

  it.each([
    [
      'a misspelt field',
      '{"acess_token": "access-sandbox-x"}',
      ['access_token: is required and missing', 'acess_token: is not a field of this request (unknown field)'],
    ],
    ['a number for a string', '{"access_token": 7}', ['access_token: must be a string, not a number']],
    ['a broken JSON text', '{"access_token": ', [': is not valid JSON']],
  ])('names the wrong field of %s', (_label, text, wanted) => {
    const problems = bodyProblems(schemaAt('#/components/schemas/ItemRemoveRequest'), text, root).map(
      (problem) => `${problem.path}: ${problem.message}`,
    );
    for (const line of wanted) {
      expect(problems.some((problem) => problem.startsWith(line))).toBe(true);
    }
  });
});
