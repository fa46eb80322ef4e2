import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listOperations, responseExamples } from '@svc/openapi-kit';
import { describe, expect, it } from 'vitest';
import { document, openapiDereferencedJsonPath, openapiJsonPath } from './bundled-document.js';

/** The catalogue as published in the bundle (`x-error-catalogue`, from spec/errors/catalogue.yaml). */
interface Catalogue {
  documentation_url: { template: string };
  types: { name: string; slug: string; statuses: number[]; meaning: string }[];
  codes: { code: string; type: string; status: number; meaning: string; suggested_action: string }[];
}

const catalogue = (document as unknown as { 'x-error-catalogue': Catalogue })['x-error-catalogue'];
const errorType = document.components?.schemas?.ErrorType as { enum: string[]; description: string };
const description = (document.info as { description: string }).description;

/** The documentation link of a type and code, by the catalogue's template. */
function documentationUrl(type: string, code: string): string {
  const slug = catalogue.types.find((entry) => entry.name === type)?.slug ?? `(no type ${type})`;
  return catalogue.documentation_url.template.replace('{type_slug}', slug).replace('{code_lower}', code.toLowerCase());
}

/** Every error example of every operation, with where it is declared. */
const errorExamples = listOperations(document).flatMap((entry) =>
  responseExamples(document, entry)
    .filter((example) => !example.status.startsWith('2'))
    .map((example) => ({
      where: `${entry.operationId} ${example.status} "${example.name}"`,
      status: Number(example.status),
      value: example.value as { error_type: string; error_code: string; status: number; documentation_url: string },
    })),
);

describe('the error catalogue in the API description', () => {
  it('is data in all three bundles', () => {
    const dist = join(openapiJsonPath, '..');
    const yaml = readFileSync(join(dist, 'openapi.yaml'), 'utf8');
    const dereferenced = JSON.parse(readFileSync(openapiDereferencedJsonPath, 'utf8')) as Record<string, unknown>;
    expect(catalogue.codes.length).toBeGreaterThan(30);
    expect(dereferenced['x-error-catalogue']).toEqual(catalogue);
    // The YAML bundle inlines the same data (this package has no YAML parser): the section and every row.
    const section = yaml.slice(yaml.search(/^x-error-catalogue:$/m));
    expect(section.startsWith('x-error-catalogue:')).toBe(true);
    expect(section).toContain(`template: ${catalogue.documentation_url.template}`);
    expect(section.match(/^ {4}- code: [A-Z0-9_]+$/gm)).toEqual(
      catalogue.codes.map((row) => `    - code: ${row.code}`),
    );
  });

  it('lists codes, each once per error_type', () => {
    const keys = catalogue.codes.map((row) => `${row.type}/${row.code}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('has the types of the ErrorType schema, in its order, each with a code', () => {
    expect(catalogue.types.map((type) => type.name)).toEqual(errorType.enum);
    expect(catalogue.codes.filter((row) => !errorType.enum.includes(row.type))).toEqual([]);
    expect(errorType.enum.filter((type) => !catalogue.codes.some((row) => row.type === type))).toEqual([]);
  });

  it('is rendered in info.description: a table per type, one row per code, and the documentation_url scheme', () => {
    expect(description).not.toContain('<!-- error-catalogue');
    for (const row of catalogue.codes) {
      const section = description.slice(description.indexOf(`#### \`${row.type}\``));
      const nextSection = section.indexOf('#### ', 1);
      expect(nextSection === -1 ? section : section.slice(0, nextSection)).toContain(
        `| \`${row.code}\` | ${row.status} | ${row.meaning}. **What to do:** `,
      );
    }
    expect(description).toContain('`documentation_url` points at `https://docs.svc.example/errors/<type>#<code>`');
  });

  it('is rendered in the ErrorType description: one table row per type', () => {
    expect(errorType.description).not.toContain('<!-- error-types');
    for (const type of catalogue.types) {
      expect(errorType.description).toContain(`| \`${type.name}\` | ${type.statuses.join(', ')} | ${type.meaning} |`);
    }
  });

  it.each(errorExamples)('has the code of $where with its type and status', ({ status, value }) => {
    expect(catalogue.codes.map(({ code, type, status }) => ({ code, type, status }))).toContainEqual({
      code: value.error_code,
      type: value.error_type,
      status,
    });
    expect(value.status).toBe(status);
  });

  it.each(errorExamples)('$where links to its documentation page', ({ value }) => {
    expect(value.documentation_url).toBe(documentationUrl(value.error_type, value.error_code));
  });
});
