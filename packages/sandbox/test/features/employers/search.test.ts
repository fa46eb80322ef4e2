import { describe, expect, it } from 'vitest';
import { seededEmployers } from '../../../src/features/employers/employers.js';
import { EMPLOYER_SEARCH_LIMIT, queryWords, searchEmployers } from '../../../src/features/employers/search.js';

const EMPLOYERS = seededEmployers().map((row) => ({ ...row, products: JSON.parse(row.products) as string[] }));

describe('searchEmployers', () => {
  it('returns at most 10, highest confidence first, when more match', () => {
    const all = EMPLOYERS.filter(
      (employer) => employer.name.toLowerCase().includes('gingham') && employer.products.length > 0,
    );
    expect(all.length).toBeGreaterThan(EMPLOYER_SEARCH_LIMIT);
    const found = searchEmployers(EMPLOYERS, 'Gingham', ['deposit_switch']);
    expect(found).toHaveLength(EMPLOYER_SEARCH_LIMIT);
    expect(found[0]?.employer_id).toBe('emp_1073');
    const scores = found.map((employer) => employer.confidence_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const best = [...all].sort((a, b) => b.confidence_score - a.confidence_score).slice(0, 10);
    expect(found.map((employer) => employer.confidence_score)).toEqual(
      best.map((employer) => employer.confidence_score),
    );
  });

  it.each([
    ['GINGHAM logistics inc', ['emp_1073']],
    ['ging logis', ['emp_1073', 'emp_3008']],
    ['sons bak', ['emp_2291']],
    ['nothing like this', []],
  ])('%s matches by every word, case-insensitively, partial words included', (query, ids) => {
    expect(
      searchEmployers(EMPLOYERS, query, ['deposit_switch'])
        .map((employer) => employer.employer_id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('never returns an employer that does not support a requested product', () => {
    const unsupported = EMPLOYERS.filter((employer) => employer.products.length === 0);
    expect(unsupported.length).toBeGreaterThan(0);
    for (const employer of unsupported) {
      expect(searchEmployers(EMPLOYERS, employer.name, ['deposit_switch'])).not.toContainEqual(employer);
    }
  });

  it('orders ties by name, then id', () => {
    const tied = [
      { employer_id: 'emp_2', name: 'B', confidence_score: 0.5, products: ['deposit_switch'] },
      { employer_id: 'emp_3', name: 'A', confidence_score: 0.5, products: ['deposit_switch'] },
      { employer_id: 'emp_1', name: 'A', confidence_score: 0.5, products: ['deposit_switch'] },
    ];
    expect(searchEmployers(tied, 'a b', []).length).toBe(0);
    expect(searchEmployers(tied, '', ['deposit_switch']).map((employer) => employer.employer_id)).toEqual([
      'emp_1',
      'emp_3',
      'emp_2',
    ]);
  });

  it('splits a query into lower-case words', () => {
    expect(queryWords('  Gingham   LOGISTICS ')).toEqual(['gingham', 'logistics']);
    expect(queryWords('   ')).toEqual([]);
  });
});
