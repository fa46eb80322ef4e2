import { describe, expect, it } from 'vitest';
import errorCatalogueTable from '../src/decorators/error-catalogue-table.js';
import {
  CATALOGUE_MARKER,
  catalogueProblems,
  documentationUrl,
  ERROR_TYPES_MARKER,
  type ErrorCatalogue,
  entryText,
  errorTypeEnumProblem,
  renderCatalogue,
  renderErrorTypes,
  replaceMarker,
  withCodeSpans,
} from '../src/error-catalogue.js';
import { type LintProblem, lintSpecCopy, type SpecEdit } from './lint-spec-copy.js';

/** A small valid catalogue. */
function small(): ErrorCatalogue {
  return {
    documentation_url: { template: 'https://docs.example/errors/{type_slug}#{code_lower}' },
    types: [
      { name: 'INVALID_REQUEST', slug: 'invalid-request', statuses: [400, 404], meaning: 'the request is malformed' },
      { name: 'API_ERROR', slug: 'api', statuses: [500], meaning: 'our failure | retry' },
    ],
    codes: [
      {
        code: 'MISSING_FIELDS',
        type: 'INVALID_REQUEST',
        status: 400,
        meaning: 'a field is missing',
        suggested_action: 'Add it.',
      },
      {
        code: 'NOT_FOUND',
        type: 'INVALID_REQUEST',
        status: 404,
        meaning: 'no such path',
        suggested_action: 'Fix the path.',
      },
      {
        code: 'INTERNAL_SERVER_ERROR',
        type: 'API_ERROR',
        status: 500,
        meaning: 'it broke',
        suggested_action: 'Retry.',
      },
    ],
  };
}

describe('documentationUrl', () => {
  it.each([
    ['INVALID_REQUEST', 'MISSING_FIELDS', 'https://docs.example/errors/invalid-request#missing_fields'],
    ['API_ERROR', 'INTERNAL_SERVER_ERROR', 'https://docs.example/errors/api#internal_server_error'],
  ])('%s / %s → %s', (type, code, want) => {
    expect(documentationUrl(small(), type, code)).toBe(want);
  });

  it('refuses a type the catalogue does not have', () => {
    expect(() => documentationUrl(small(), 'ITEM_ERROR', 'X')).toThrow('ITEM_ERROR is not an error type');
  });
});

describe('rendering', () => {
  it('renders a table of codes per error type, then the documentation_url sentence', () => {
    expect(renderCatalogue(small())).toBe(
      [
        '#### `INVALID_REQUEST`',
        '',
        '| error_code | HTTP | Meaning, and what to do |',
        '|---|---|---|',
        '| `MISSING_FIELDS` | 400 | a field is missing. **What to do:** Add it. |',
        '| `NOT_FOUND` | 404 | no such path. **What to do:** Fix the path. |',
        '',
        '#### `API_ERROR`',
        '',
        '| error_code | HTTP | Meaning, and what to do |',
        '|---|---|---|',
        '| `INTERNAL_SERVER_ERROR` | 500 | it broke. **What to do:** Retry. |',
        '',
        '`documentation_url` points at `https://docs.example/errors/<type>#<code>`, where `<code>` is the `error_code` in lower',
        'case and `<type>` depends on the `error_type`: `invalid-request` for `INVALID_REQUEST`, `api` for `API_ERROR`.',
      ].join('\n'),
    );
  });

  it('ends a meaning with one period before its suggested action, with identifiers as code', () => {
    expect(entryText({ meaning: 'it broke.', suggested_action: 'Read error_message.' })).toBe(
      'it broke. **What to do:** Read `error_message`.',
    );
  });

  it('renders the types table, escaping | in cells', () => {
    expect(renderErrorTypes(small())).toBe(
      [
        '| error_type | HTTP status | meaning |',
        '|---|---|---|',
        '| `INVALID_REQUEST` | 400, 404 | the request is malformed |',
        '| `API_ERROR` | 500 | our failure \\| retry |',
      ].join('\n'),
    );
  });

  it.each([
    ['no marker', 'text', 'found 0'],
    ['two markers', `${CATALOGUE_MARKER}\n${CATALOGUE_MARKER}`, 'found 2'],
  ])('replaceMarker refuses %s', (_name, text, error) => {
    expect(() => replaceMarker(text, CATALOGUE_MARKER, 'x', 'info.description')).toThrow(error);
  });
});

describe('the error-catalogue-table decorator', () => {
  /** Enough of Redocly's visitor context for an inline (not `$ref`'d) catalogue. */
  const ctx = { location: { child: () => ({}) } };

  it('replaces both markers and keeps the catalogue as data', () => {
    const { Root, Schema } = errorCatalogueTable();
    const root = { info: { description: `Errors:\n\n${CATALOGUE_MARKER}\n\nMore.` }, 'x-error-catalogue': small() };
    const schema = { type: 'string', description: `Categories:\n\n${ERROR_TYPES_MARKER}\n` };
    Root.enter(root, ctx);
    Schema.enter(schema);
    expect(root.info.description).toBe(`Errors:\n\n${renderCatalogue(small())}\n\nMore.`);
    expect(schema.description).toBe(`Categories:\n\n${renderErrorTypes(small())}\n`);
    expect(root['x-error-catalogue']).toEqual(small());
  });

  it('fails the bundle without a catalogue', () => {
    const { Root } = errorCatalogueTable();
    expect(() => Root.enter({ info: { description: CATALOGUE_MARKER } }, ctx)).toThrow('has no x-error-catalogue');
  });
});

describe('catalogueProblems', () => {
  it('finds none in a valid catalogue', () => {
    expect(catalogueProblems(small())).toEqual([]);
    expect(errorTypeEnumProblem(small(), ['INVALID_REQUEST', 'API_ERROR'])).toBeUndefined();
  });

  it.each<[string, (c: ErrorCatalogue) => void, { path: (string | number)[]; message: string }]>([
    [
      'a duplicate type/code pair',
      (c) => c.codes.push({ ...(c.codes[0] as ErrorCatalogue['codes'][number]) }),
      { path: ['codes', 3], message: 'INVALID_REQUEST / MISSING_FIELDS is listed twice' },
    ],
    [
      'an unknown type',
      (c) => Object.assign(c.codes[2] ?? {}, { type: 'NOPE_ERROR' }),
      {
        path: ['codes', 2, 'type'],
        message: "NOPE_ERROR / INTERNAL_SERVER_ERROR: NOPE_ERROR is not one of the catalogue's types",
      },
    ],
    [
      'a 2xx status',
      (c) => Object.assign(c.codes[0] ?? {}, { status: 200 }),
      {
        path: ['codes', 0, 'status'],
        message: 'INVALID_REQUEST / MISSING_FIELDS: status 200 is not a 4xx or 5xx code',
      },
    ],
    [
      "a status outside the type's",
      (c) => Object.assign(c.codes[0] ?? {}, { status: 409 }),
      {
        path: ['codes', 0, 'status'],
        message: "INVALID_REQUEST / MISSING_FIELDS: status 409 is not one of INVALID_REQUEST's statuses",
      },
    ],
    [
      'an empty suggested action',
      (c) => Object.assign(c.codes[1] ?? {}, { suggested_action: '  ' }),
      {
        path: ['codes', 1, 'suggested_action'],
        message: 'INVALID_REQUEST / NOT_FOUND needs a non-empty suggested_action',
      },
    ],
    [
      'a type status no code uses',
      (c) => c.types[1]?.statuses.push(503),
      { path: ['types', 1, 'statuses'], message: 'no code of API_ERROR has status 503' },
    ],
    [
      'a slug used twice',
      (c) => Object.assign(c.types[1] ?? {}, { slug: 'invalid-request' }),
      { path: ['types', 1, 'slug'], message: 'slug invalid-request is used by two error types' },
    ],
    [
      'a template without {code_lower}',
      (c) => Object.assign(c.documentation_url, { template: 'https://docs.example/errors/{type_slug}' }),
      {
        path: ['documentation_url', 'template'],
        message: 'documentation_url.template must be an https URL with {type_slug} and {code_lower}',
      },
    ],
  ])('reports %s', (_name, edit, want) => {
    const catalogue = small();
    edit(catalogue);
    expect(catalogueProblems(catalogue)).toContainEqual(want);
  });

  it('reports an ErrorType enum that differs from the types', () => {
    expect(errorTypeEnumProblem(small(), ['API_ERROR', 'INVALID_REQUEST'])).toBe(
      "the ErrorType enum (API_ERROR, INVALID_REQUEST) must list the catalogue's error types in their order (INVALID_REQUEST, API_ERROR)",
    );
  });
});

const catalogueFile = 'errors/catalogue.yaml';
const lintCases: [string, { edits: Record<string, SpecEdit>; want: Partial<LintProblem> }][] = [
  [
    'a code listed twice under its type',
    {
      edits: {
        [catalogueFile]: (d) => {
          d.codes.push({ ...d.codes[0] });
        },
      },
      want: {
        ruleId: 'svc/error-catalogue',
        file: catalogueFile,
        message: 'Error catalogue: INVALID_REQUEST / MISSING_FIELDS is listed twice.',
      },
    },
  ],
  [
    'a code of an unknown type',
    {
      edits: {
        [catalogueFile]: (d) => {
          d.codes[0].type = 'REQUEST_ERROR';
        },
      },
      want: {
        ruleId: 'svc/error-catalogue',
        file: catalogueFile,
        message: "Error catalogue: REQUEST_ERROR / MISSING_FIELDS: REQUEST_ERROR is not one of the catalogue's types.",
      },
    },
  ],
  [
    'a row without a suggested action',
    {
      edits: {
        [catalogueFile]: (d) => {
          delete d.codes[1].suggested_action;
        },
      },
      want: {
        ruleId: 'svc/error-catalogue',
        message: 'Error catalogue: INVALID_REQUEST / UNKNOWN_FIELDS needs a non-empty suggested_action.',
      },
    },
  ],
  [
    'an ErrorType enum without one of the catalogue types',
    {
      edits: {
        'components/schemas/ErrorType.yaml': (d) => {
          d.enum = d.enum.filter((type: string) => type !== 'SANDBOX_ERROR');
        },
      },
      want: { ruleId: 'svc/error-catalogue', file: 'components/schemas/ErrorType.yaml' },
    },
  ],
  [
    'an Errors section without the catalogue marker',
    {
      edits: {
        'openapi.yaml': (d) => {
          d.info.description = d.info.description.replace(CATALOGUE_MARKER, '');
        },
      },
      want: {
        ruleId: 'svc/error-catalogue',
        file: 'openapi.yaml',
        message: `info.description must contain ${CATALOGUE_MARKER} once: the bundle renders the error catalogue there.`,
      },
    },
  ],
];

describe('a broken error catalogue fails lint', () => {
  it.each(lintCases)('%s', async (_name, { edits, want }) => {
    expect(await lintSpecCopy(edits)).toContainEqual(expect.objectContaining(want));
  });
});

describe('withCodeSpans', () => {
  it.each([
    ['Use an account_id returned by /auth/get.', 'Use an `account_id` returned by `/auth/get`.'],
    ['Check options.min_last_updated_datetime.', 'Check `options.min_last_updated_datetime`.'],
    ['Keep `already_code` as it is.', 'Keep `already_code` as it is.'],
    ['Plain words, e.g. this, and 2/3 stay.', 'Plain words, e.g. this, and 2/3 stay.'],
    ['Send Content-Type: application/json.', 'Send Content-Type: application/json.'],
  ])('marks %j as %j', (text, expected) => {
    expect(withCodeSpans(text)).toBe(expected);
  });
});
