import { listOperations, responseExamples } from '@svc/openapi-kit';
import { describe, expect, it } from 'vitest';
import { document } from './bundled-document.js';

interface CatalogueRow {
  code: string;
  type: string;
  status: number;
}

/** Reads the error catalogue table from the API description (between its HTML comment markers). */
function readCatalogue(): CatalogueRow[] {
  const description = (document.info as { description: string }).description;
  const table = /<!-- error-catalogue:start -->([\s\S]*?)<!-- error-catalogue:end -->/.exec(description)?.[1] ?? '';
  return [...table.matchAll(/^\| `([A-Z0-9_]+)` \| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((match) => ({
    code: match[1] ?? '',
    type: match[2] ?? '',
    status: Number(match[3]),
  }));
}

const catalogue = readCatalogue();
const errorTypes = (document.components?.schemas?.ErrorType as { enum: string[] }).enum;

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
  it('lists codes, each once per error_type', () => {
    expect(catalogue.length).toBeGreaterThan(30);
    const keys = catalogue.map((row) => `${row.type}/${row.code}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('uses only the declared error types, and covers every one of them', () => {
    expect(catalogue.filter((row) => !errorTypes.includes(row.type))).toEqual([]);
    expect(errorTypes.filter((type) => !catalogue.some((row) => row.type === type))).toEqual([]);
  });

  it.each(errorExamples)('has the code of $where with its type and status', ({ status, value }) => {
    expect(catalogue).toContainEqual({ code: value.error_code, type: value.error_type, status });
  });

  it.each(errorExamples)('$where links to its documentation page', ({ value }) => {
    const type = value.error_type
      .replace(/_ERROR$/, '')
      .toLowerCase()
      .replaceAll('_', '-');
    expect(value.documentation_url).toBe(`https://docs.svc.example/errors/${type}#${value.error_code.toLowerCase()}`);
  });
});
