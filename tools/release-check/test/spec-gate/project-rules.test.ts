import { describe, expect, it } from 'vitest';
import { applyRatingRules, extensibleEnumFindings, type Finding } from '../../src/spec-gate/project-rules.js';
import { baseDocument, changedDocument } from './documents.js';

function finding(overrides: Partial<Finding>): Finding {
  return {
    impact: 'patch',
    rule: '',
    kind: 'modified',
    path: '#/components/schemas/X',
    property: undefined,
    basePointer: undefined,
    revisionPointer: undefined,
    baseValue: undefined,
    revisionValue: undefined,
    verdict: undefined,
    ...overrides,
  };
}

describe('applyRatingRules', () => {
  const cases: Array<[string, Partial<Finding>, { impact: string; rule: string; redoclyImpact?: string }]> = [
    [
      'an enum change Redocly rates patch is a feature',
      { property: 'enum' },
      { impact: 'minor', rule: 'svc/enum-change-is-feature', redoclyImpact: 'patch' },
    ],
    [
      'an enum change Redocly rates major stays major',
      { property: 'enum', impact: 'major', rule: 'enum-values-added' },
      { impact: 'major', rule: 'enum-values-added' },
    ],
    [
      'a new tag is documentation',
      { kind: 'added', path: '#/tags/3', impact: 'minor' },
      { impact: 'patch', rule: 'svc/docs-only', redoclyImpact: 'minor' },
    ],
    [
      'a new tag group is documentation',
      { kind: 'added', path: '#/x-tagGroups', impact: 'minor' },
      { impact: 'patch', rule: 'svc/docs-only', redoclyImpact: 'minor' },
    ],
    [
      'a new named example of a response is documentation',
      { kind: 'added', path: '#/paths/~1a/post/responses/400/content/application~1json/examples/x', impact: 'minor' },
      { impact: 'patch', rule: 'svc/docs-only', redoclyImpact: 'minor' },
    ],
    [
      'a new field named `examples` is not',
      {
        kind: 'added',
        path: '#/paths/~1a/post/responses/200/content/application~1json/schema/properties/examples',
        impact: 'minor',
      },
      { impact: 'minor', rule: '' },
    ],
    [
      'new code samples are documentation',
      { kind: 'added', path: '#/paths/~1a/post/x-codeSamples', impact: 'minor' },
      { impact: 'patch', rule: 'svc/docs-only', redoclyImpact: 'minor' },
    ],
    [
      'a renamed environment breaks the client',
      { path: '#/servers/0', property: 'x-environment', baseValue: 'sandbox', revisionValue: 'test' },
      { impact: 'major', rule: 'svc/environment-renamed', redoclyImpact: 'patch' },
    ],
    [
      'a first environment name breaks nothing',
      { path: '#/servers/0', property: 'x-environment', baseValue: undefined, revisionValue: 'test' },
      { impact: 'patch', rule: '' },
    ],
    [
      'anything else keeps Redocly rating',
      { property: 'maxLength', impact: 'major', rule: 'schema-constraint-changed' },
      { impact: 'major', rule: 'schema-constraint-changed' },
    ],
  ];
  it.each(cases)('%s', (_name, given, want) => {
    const rated = applyRatingRules(finding(given));
    expect({
      impact: rated.impact,
      rule: rated.rule,
      ...(rated.redoclyImpact ? { redoclyImpact: rated.redoclyImpact } : {}),
    }).toEqual(want);
  });
});

describe('extensibleEnumFindings', () => {
  it('reports values gained and lost by a schema in both documents', () => {
    const revision = changedDocument((doc) => {
      doc.components.schemas.ItemSubtype['x-extensible-enum'] = ['checking', 'cd'];
    });
    expect(extensibleEnumFindings(baseDocument(), revision)).toEqual([
      expect.objectContaining({
        impact: 'minor',
        rule: 'svc/extensible-enum-values',
        revisionPointer: '#/components/schemas/ItemSubtype',
        verdict: "Known values of an open enum (x-extensible-enum) gained 'cd' and lost 'savings'.",
      }),
    ]);
  });

  it('reports an open enum given to an existing schema', () => {
    const revision = changedDocument((doc) => {
      doc.components.schemas.ItemRemoveResponse.properties.removed['x-extensible-enum'] = ['yes'];
    });
    expect(extensibleEnumFindings(baseDocument(), revision).map((change) => change.revisionPointer)).toEqual([
      '#/components/schemas/ItemRemoveResponse/properties/removed',
    ]);
  });

  it('leaves a new or removed schema to the change that adds or removes it', () => {
    const revision = changedDocument((doc) => {
      delete doc.components.schemas.ItemSubtype;
      doc.components.schemas.Other = { type: 'string', 'x-extensible-enum': ['a'] };
    });
    expect(extensibleEnumFindings(baseDocument(), revision)).toEqual([]);
  });

  it('reports nothing when the values are unchanged', () => {
    expect(extensibleEnumFindings(baseDocument(), baseDocument())).toEqual([]);
  });
});
