import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { ContractCase } from '../../src/cases/types.js';
import { junitXml } from '../../src/cli/junit.js';
import type { CaseOutcome } from '../../src/cli/run-contract.js';
import { SARIF_SCHEMA, sarifLog } from '../../src/cli/sarif.js';

function outcome(
  operationId: string,
  name: string,
  status: CaseOutcome['status'],
  problems: string[] = [],
): CaseOutcome {
  const item: ContractCase = {
    operationId,
    path: `/${operationId}`,
    kind: 'missing-field',
    name,
    body: {},
    credentials: 'headers',
    mockOnly: false,
    expect: { status: 400, schemaPointer: '#/components/schemas/ApiError' },
  };
  return { item, status, problems, report: `${operationId} — ${name}\n  ✗ ${problems.join('; ')}`, seconds: 0.25 };
}

const outcomes = [
  outcome('transferGet', 'rejects a body missing required <transfer_id> & "more"', 'failed', [
    'expected HTTP 400, got 200',
  ]),
  outcome('transferGet', 'passes', 'passed'),
  outcome('transferList', 'runs only on a mock', 'skipped'),
];

describe('junitXml', () => {
  const text = junitXml(outcomes);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text);

  it('is well-formed XML', () => {
    expect(XMLValidator.validate(text)).toBe(true);
  });

  it('counts the cases, failures and skips, in total and per operation', () => {
    expect(parsed.testsuites).toMatchObject({ tests: '3', failures: '1', skipped: '1', time: '0.750' });
    const suites = parsed.testsuites.testsuite;
    expect(suites.map((suite: { name: string; tests: string }) => [suite.name, suite.tests])).toEqual([
      ['transferGet', '2'],
      ['transferList', '1'],
    ]);
  });

  it('carries the failure with its report, the case name escaped', () => {
    const [failed] = parsed.testsuites.testsuite[0].testcase;
    expect(failed.name).toBe('rejects a body missing required <transfer_id> & "more"');
    expect(failed.classname).toBe('transferGet');
    expect(failed.failure.message).toBe('expected HTTP 400, got 200');
    expect(failed.failure['#text']).toContain('✗ expected HTTP 400, got 200');
    expect(parsed.testsuites.testsuite[1].testcase.skipped).toBeDefined();
  });
});

describe('sarifLog', () => {
  const log = sarifLog(outcomes, 'file:///spec/openapi.json');

  it('is a SARIF 2.1.0 log with one rule per case kind', () => {
    expect(log).toMatchObject({ version: '2.1.0', $schema: SARIF_SCHEMA });
    const rules = log.runs[0]?.tool.driver.rules.map((rule) => rule.id);
    expect(rules).toEqual(
      expect.arrayContaining(['success', 'missing-field', 'constraint-rejected', 'no-credentials']),
    );
  });

  it('has one error result per failed case, located at the operation and the case', () => {
    expect(log.runs[0]?.results).toEqual([
      {
        ruleId: 'missing-field',
        level: 'error',
        message: { text: outcomes[0]?.report },
        properties: { operationId: 'transferGet', case: outcomes[0]?.item.name },
        locations: [
          {
            physicalLocation: { artifactLocation: { uri: 'file:///spec/openapi.json' } },
            logicalLocations: [
              {
                name: outcomes[0]?.item.name,
                fullyQualifiedName: `transferGet/${outcomes[0]?.item.name}`,
                kind: 'function',
              },
            ],
          },
        ],
      },
    ]);
  });
});
