import { expect, it } from 'vitest';
import { toJsonText } from '../../../src/engine/json-text.js';
import { describeEngines } from '../../support/harness.js';

describeEngines('employer search', (sandbox) => {
  it('returns at most 10 employers, highest confidence first, the docs’ employer first for "Gingham"', async () => {
    const { employers } = await sandbox().ok('employersSearch', { query: 'Gingham', products: ['deposit_switch'] });
    expect(employers).toHaveLength(10);
    expect(employers[0]).toEqual({
      employer_id: 'emp_1073',
      name: 'Gingham Logistics Inc.',
      address: { street: '400 Harbor Way', city: 'Malakoff', region: 'NY', postal_code: '14236', country: 'US' },
      confidence_score: 0.92,
    });
    const scores = employers.map((employer) => employer.confidence_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const employer of employers) {
      expect(employer.name.toLowerCase()).toContain('gingham');
    }
    expect(employers.some((employer) => employer.address === null)).toBe(true);
  });

  it('matches every word of the query, case-insensitively and in part', async () => {
    const { employers } = await sandbox().ok('employersSearch', { query: 'sONS bak', products: ['deposit_switch'] });
    expect(employers.map((employer) => employer.employer_id)).toEqual(['emp_2291']);
  });

  it('returns an empty list when nothing matches', async () => {
    expect(
      await sandbox().ok('employersSearch', { query: 'Zebra Crossing', products: ['deposit_switch'] }),
    ).toMatchObject({
      employers: [],
    });
  });

  it('never returns an employer that does not support deposit switching', async () => {
    const row = await sandbox()
      .sandbox.store.db.selectFrom('employers')
      .select(['employer_id', 'name'])
      .where('products', '=', toJsonText<string[]>([]))
      .executeTakeFirstOrThrow();
    const { employers } = await sandbox().ok('employersSearch', { query: row.name, products: ['deposit_switch'] });
    expect(employers.map((employer) => employer.employer_id)).not.toContain(row.employer_id);
  });

  it.each([
    { name: 'an empty query', body: { query: '', products: ['deposit_switch'] } },
    { name: 'a query of spaces only', body: { query: '   ', products: ['deposit_switch'] } },
    { name: 'no product', body: { query: 'Gingham', products: [] } },
    { name: 'a product employers do not support', body: { query: 'Gingham', products: ['transactions'] } },
  ])('refuses $name with INVALID_FIELD', async ({ body }) => {
    const reply = await sandbox().fail('employersSearch', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
  });
});
