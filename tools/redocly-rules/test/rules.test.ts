import { describe, expect, it } from 'vitest';
import removeXDecisions from '../src/decorators/remove-x-decisions.js';
import { operationIdForPath } from '../src/openapi-walk.js';
import { findInternalReference } from '../src/rules/no-internal-references.js';
import { SNAKE_CASE } from '../src/rules/snake-case-properties.js';
import { type LintProblem, lintSpecCopy, type SpecEdit } from './lint-spec-copy.js';

describe('the real spec', () => {
  it('lints with zero problems', async () => {
    expect(await lintSpecCopy({})).toEqual([]);
  });
});

const remove = 'paths/item@remove.yaml';
const auth = 'paths/auth@get.yaml';
const json = 'application/json';
const cases: [string, { edits: Record<string, SpecEdit>; want: Partial<LintProblem> }][] = [
  [
    'an operationId that is not the camelCased path',
    {
      edits: {
        [remove]: (d) => {
          d.post.operationId = 'removeItem';
        },
      },
      want: {
        ruleId: 'svc/operation-id-from-path',
        file: remove,
        message: 'operationId of /item/remove must be "itemRemove" (the camelCased path), not "removeItem".',
      },
    },
  ],
  [
    'a GET operation',
    {
      edits: {
        [remove]: (d) => {
          d.get = d.post;
          delete d.post;
        },
      },
      want: {
        ruleId: 'svc/post-only',
        file: remove,
        message: '/item/remove declares GET; every operation of this API is a POST.',
      },
    },
  ],
  [
    'a 200 example without request_id',
    {
      edits: {
        [remove]: (d) => {
          delete d.post.responses['200'].content[json].examples.default.value.request_id;
        },
      },
      want: { ruleId: 'no-invalid-media-type-examples', file: remove },
    },
  ],
  [
    'an example that violates its schema',
    {
      edits: {
        [auth]: (d) => {
          d.post.responses['200'].content[json].examples.default.value.accounts[0].mask = 0;
        },
      },
      want: { ruleId: 'no-invalid-media-type-examples', file: auth },
    },
  ],
  [
    'an operation without a request example',
    {
      edits: {
        [remove]: (d) => {
          delete d.post.requestBody.content[json].examples;
        },
      },
      want: {
        ruleId: 'svc/examples-required',
        file: remove,
        message:
          'itemRemove (POST /item/remove) needs a request example (requestBody.content.application/json.examples).',
      },
    },
  ],
  [
    'an operation without the 429 response',
    {
      edits: {
        [remove]: (d) => {
          delete d.post.responses['429'];
        },
      },
      want: {
        ruleId: 'svc/error-responses',
        message: 'itemRemove (POST /item/remove) must declare the 429 error response.',
      },
    },
  ],
  [
    'a 200 body that does not require request_id',
    {
      edits: {
        'components/schemas/ItemRemoveResponse.yaml': (d) => {
          d.required = [];
        },
      },
      want: {
        ruleId: 'svc/request-id-in-success',
        message: 'itemRemove (POST /item/remove): the 200 response body must require request_id.',
      },
    },
  ],
  [
    'a request body that accepts unknown fields',
    {
      edits: {
        'components/schemas/ItemRemoveRequest.yaml': (d) => {
          delete d.additionalProperties;
        },
      },
      want: {
        ruleId: 'svc/request-body-credentials',
        message: 'itemRemove (POST /item/remove): the request body schema must set additionalProperties: false.',
      },
    },
  ],
  [
    'a camelCase property',
    {
      edits: {
        'components/schemas/ItemRemoveResponse.yaml': (d) => {
          d.properties.requestId = { type: 'string', description: 'x' };
        },
      },
      want: { ruleId: 'svc/snake-case-properties', message: 'Property "requestId" must be snake_case.' },
    },
  ],
  [
    'the 3.0 nullable keyword',
    {
      edits: {
        'components/schemas/Account.yaml': (d) => {
          d.properties.official_name = { type: 'string', nullable: true, description: 'x' };
        },
      },
      want: { ruleId: 'svc/no-nullable' },
    },
  ],
  [
    'a request schema not named after the operation',
    {
      edits: {
        [remove]: (d) => {
          d.post.requestBody.content[json].schema.$ref = '../components/schemas/ItemAccessTokenInvalidateRequest.yaml';
        },
      },
      want: {
        ruleId: 'svc/body-schema-names',
        message:
          'itemRemove (POST /item/remove): the request body schema must be a $ref to the component ItemRemoveRequest.',
      },
    },
  ],
  [
    'an operation description naming a decision id',
    {
      edits: {
        [remove]: (d) => {
          d.post.description += ' (decision D-ITEM-9)';
        },
      },
      want: {
        ruleId: 'svc/no-internal-references',
        file: remove,
        message:
          'description names a decision id ("D-ITEM-9"): write for API users; keep traceability in spec/README.md or an x-decisions list.',
      },
    },
  ],
  [
    'a property description beside a $ref mentioning the interface specification',
    {
      edits: {
        'components/schemas/Payment.yaml': (d) => {
          d.properties.payment_token.description = 'As the Interface\n  Specification shows, a token.';
        },
      },
      want: {
        ruleId: 'svc/no-internal-references',
        file: 'components/schemas/Payment.yaml',
        message:
          'description mentions the interface specification ("Interface Specification"): write for API users; keep traceability in spec/README.md or an x-decisions list.',
      },
    },
  ],
  [
    'a tag description naming a decision id',
    {
      edits: {
        'openapi.yaml': (d) => {
          d.tags[0].description = 'Items (decisions D-ITEM-1 to D-ITEM-14).';
        },
      },
      want: { ruleId: 'svc/no-internal-references', file: 'openapi.yaml' },
    },
  ],
  [
    'an example summary naming a decision id',
    {
      edits: {
        [remove]: (d) => {
          d.post.requestBody.content[json].examples.default.summary = 'Remove an Item (D-GAP-1)';
        },
      },
      want: {
        ruleId: 'svc/no-internal-references',
        file: remove,
        message:
          'summary names a decision id ("D-GAP-1"): write for API users; keep traceability in spec/README.md or an x-decisions list.',
      },
    },
  ],
  [
    'a schema title mentioning the interface specification',
    {
      edits: {
        'components/schemas/ItemRemoveResponse.yaml': (d) => {
          d.title = 'ItemRemoveResponse (interface specification)';
        },
      },
      want: { ruleId: 'svc/no-internal-references', file: 'components/schemas/ItemRemoveResponse.yaml' },
    },
  ],
];

describe('a broken copy of the spec fails lint with a message naming the operation or file', () => {
  it.each(cases)('%s', async (_name, { edits, want }) => {
    const problems = await lintSpecCopy(edits);
    expect(problems).toContainEqual(expect.objectContaining(want));
  });
});

describe('operationIdForPath', () => {
  it.each([
    ['/item/public_token/exchange', 'itemPublicTokenExchange'],
    ['/processor/partner_b/bank_account_token/create', 'processorPartnerBBankAccountTokenCreate'],
    ['/auth/get', 'authGet'],
  ])('%s → %s', (path, want) => {
    expect(operationIdForPath(path)).toBe(want);
  });
});

describe('SNAKE_CASE', () => {
  it.each([
    ['request_id', true],
    ['iso_currency_code', true],
    ['ytd_interest_paid', true],
    ['requestId', false],
    ['Request_id', false],
    ['request__id', false],
    ['_id', false],
  ])('%s → %s', (name, want) => {
    expect(SNAKE_CASE.test(name)).toBe(want);
  });
});

describe('findInternalReference', () => {
  it.each([
    ['the literal is `declined`, decision D-XFER-1.', 'D-XFER-1'],
    ['see D-BXFER-17', 'D-BXFER-17'],
    ['The interface specification does not show it.', 'interface specification'],
    ['as the Interface\n  Specification says', 'Interface Specification'],
    ['an ISO-8601 date, a D-1 key, d-xfer-1, XD-ABC-1 and a same-day-ach network', undefined],
    ['the API description lists every error code', undefined],
  ])('%j → %s', (text, want) => {
    expect(findInternalReference(text)?.match).toBe(want);
  });
});

describe('the remove-x-decisions decorator', () => {
  it('drops x-decisions from a node and from a $ref node with siblings, and nothing else', () => {
    const { any, ref } = removeXDecisions();
    const schema = { type: 'string', description: 'A status.', 'x-decisions': ['D-PAY-7'], 'x-extensible-enum': ['a'] };
    const refNode = { $ref: 'PaymentToken.yaml', description: 'A token.', 'x-decisions': ['D-PAY-8'] };
    any.enter(schema);
    ref.enter(refNode);
    expect(schema).toEqual({ type: 'string', description: 'A status.', 'x-extensible-enum': ['a'] });
    expect(refNode).toEqual({ $ref: 'PaymentToken.yaml', description: 'A token.' });
  });
});
