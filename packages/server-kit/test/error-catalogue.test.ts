import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../src/error-catalogue.js';
import { ERROR_CATALOGUE_ROWS, ERROR_TYPES } from '../src/generated/error-catalogue.gen.js';

const bundled = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as Record<string, unknown>;

describe('errorCatalogue', () => {
  it('has every generated row, with its suggested action', () => {
    expect(errorCatalogue.entries).toHaveLength(ERROR_CATALOGUE_ROWS.length);
    expect(errorCatalogue.get('INVALID_INPUT', 'INVALID_ACCESS_TOKEN')).toEqual({
      code: 'INVALID_ACCESS_TOKEN',
      type: 'INVALID_INPUT',
      status: 400,
      meaning: 'the access token is malformed, rotated, or its Item was removed',
      suggestedAction: "Use the Item's current access token; after a removal, link the account again.",
    });
  });

  it.each([
    ['ITEM_ERROR', 'PRODUCT_NOT_READY', 400],
    ['API_ERROR', 'SERVICE_UNAVAILABLE', 503],
    ['RATE_LIMIT_EXCEEDED', 'RATE_LIMIT', 429],
  ] as const)('%s / %s → HTTP %i', (type, code, status) => {
    expect(errorCatalogue.get(type, code).status).toBe(status);
  });

  it('looks codes up by type: find gives undefined and get throws for another pair', () => {
    expect(errorCatalogue.find('PAYMENT_ERROR', 'PRODUCT_NOT_READY')).toBeUndefined();
    expect(() => errorCatalogue.get('PAYMENT_ERROR', 'PRODUCT_NOT_READY')).toThrow(
      'PAYMENT_ERROR / PRODUCT_NOT_READY is not in the error catalogue',
    );
  });

  it('covers every error type', () => {
    expect(ERROR_TYPES.filter((type) => !errorCatalogue.entries.some((entry) => entry.type === type))).toEqual([]);
  });
});

describe('the generated rows', () => {
  it('are the x-error-catalogue data of the bundled document', () => {
    const data = bundled['x-error-catalogue'] as { codes?: unknown[] } | undefined;
    expect(data?.codes?.length).toBeGreaterThan(0);
    expect(ERROR_CATALOGUE_ROWS).toEqual(data?.codes);
  });
});
