import { describe, expect, it } from 'vitest';
import { seededInstitutions } from '../../../src/features/institutions/institutions.js';
import {
  type InstitutionFacts,
  listInstitutions,
  nameMatch,
  SEARCH_LIMIT,
  searchInstitutions,
} from '../../../src/features/institutions/search.js';

const institutions: InstitutionFacts[] = seededInstitutions().map((row) => ({
  institution_id: row.institution_id,
  name: row.name,
  country_codes: JSON.parse(row.country_codes),
  products: JSON.parse(row.products),
  routing_numbers: JSON.parse(row.routing_numbers),
  oauth: row.oauth === 1,
  micro_deposit_auth: row.micro_deposit_auth === 1,
}));

const search = (query: Partial<Parameters<typeof searchInstitutions>[1]>) =>
  searchInstitutions(institutions, {
    query: 'bank',
    products: null,
    country_codes: ['US'],
    clientMicroDepositAuth: false,
    ...query,
  });

describe('institution search', () => {
  it('returns at most 10 institutions however many match', () => {
    expect(
      institutions.filter((institution) => nameMatch(institution.name, 'bank') !== undefined).length,
    ).toBeGreaterThan(100);
    expect(search({})).toHaveLength(SEARCH_LIMIT);
  });

  it('puts the best name match first', () => {
    expect(search({ query: 'First Gingham Bank' })[0]?.institution_id).toBe('ins_109508');
    expect(search({ query: 'gingham', country_codes: ['US', 'GB'] }).map((i) => i.institution_id)).toEqual([
      'ins_109508',
      'ins_117650',
    ]);
  });

  it('keeps only institutions serving one of the countries', () => {
    expect(search({ query: 'gingham', country_codes: ['GB'] }).map((i) => i.institution_id)).toEqual(['ins_117650']);
    expect(search({ country_codes: ['FR'] }).every((i) => i.country_codes.includes('FR'))).toBe(true);
  });

  it('keeps only institutions supporting every product asked for', () => {
    const found = search({ query: 'a', products: ['investments', 'liabilities'] });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((i) => i.products.includes('investments') && i.products.includes('liabilities'))).toBe(true);
  });

  it('counts Instant Match / Automated Micro-deposits as auth only for a client enabled for them (rule 10)', () => {
    const viaMicroDeposits = institutions.filter((i) => i.micro_deposit_auth && !i.products.includes('auth'));
    expect(viaMicroDeposits.length).toBeGreaterThan(0);
    const target = viaMicroDeposits[0] as InstitutionFacts;
    const query = { query: target.name, products: ['auth'], country_codes: target.country_codes };
    expect(search({ ...query, clientMicroDepositAuth: true }).map((i) => i.institution_id)).toContain(
      target.institution_id,
    );
    expect(search({ ...query, clientMicroDepositAuth: false }).map((i) => i.institution_id)).not.toContain(
      target.institution_id,
    );
  });

  it('filters on oauth', () => {
    expect(search({ oauth: true }).every((i) => i.oauth)).toBe(true);
    expect(search({ oauth: false }).every((i) => !i.oauth)).toBe(true);
  });

  it.each([
    ['', undefined],
    ['first gingham bank', 0],
    ['first', 1],
    ['gingham', 2],
    ['ngham', 3],
  ])('name match of %j in "First Gingham Bank" is %s', (query, expected) => {
    expect(nameMatch('First Gingham Bank', query)).toBe(expected);
  });
});

describe('institution listing', () => {
  const all = [
    'assets',
    'auth',
    'balance',
    'identity',
    'investments',
    'liabilities',
    'payment_initiation',
    'transactions',
  ];
  const list = (query: Partial<Parameters<typeof listInstitutions>[1]>) =>
    listInstitutions(institutions, {
      count: 500,
      offset: 0,
      country_codes: ['US'],
      clientProducts: all,
      clientMicroDepositAuth: true,
      ...query,
    });

  it('counts total over the countries before any filter, and pages by count and offset', () => {
    const { page, total } = list({ count: 500, offset: 0 });
    expect(total).toBe(institutions.filter((i) => i.country_codes.includes('US')).length);
    expect(total).toBeGreaterThan(500);
    expect(page).toHaveLength(500);
    const next = list({ count: 500, offset: 500 }).page;
    expect(next[0]?.institution_id).not.toBe(page[0]?.institution_id);
    expect(list({ offset: total }).page).toEqual([]);
  });

  it('filters a page by product overlap with the client, so a page can be short', () => {
    const full = list({ count: 50 });
    const narrow = list({ count: 50, clientProducts: ['payment_initiation'] });
    expect(narrow.total).toBe(full.total);
    expect(narrow.page.length).toBeLessThan(full.page.length);
    expect(narrow.page.every((i) => i.products.includes('payment_initiation'))).toBe(true);
  });

  it('filters on products, routing numbers and oauth', () => {
    expect(list({ products: ['liabilities'] }).page.every((i) => i.products.includes('liabilities'))).toBe(true);
    expect(list({ routing_numbers: ['011401533'] }).page.map((i) => i.institution_id)).toEqual(['ins_109508']);
    expect(list({ oauth: true }).page.every((i) => i.oauth)).toBe(true);
  });
});
