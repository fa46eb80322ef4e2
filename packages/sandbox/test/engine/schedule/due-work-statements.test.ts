/**
 * The statements scheduling due work are built and compiled once (`prepared-query.ts`), then
 * filled with each item's values: every transfer create sends one.
 */
import { describe, expect, it } from 'vitest';
import { dueWorkIfClientStatement, dueWorkStatement } from '../../../src/engine/schedule/due-work.js';
import { useTempSqliteStore } from '../../support/temp-sqlite-store.js';

const work = (subject: string) => ({
  clientId: 'client-a',
  dueAt: new Date('2031-04-14T14:30:00.000Z'),
  kind: 'transfer_post',
  subject,
  now: new Date('2031-04-14T13:00:00.000Z'),
});

describe('due work statements', () => {
  const temp = useTempSqliteStore('due-work-statements-');

  it.each([
    [
      'dueWorkStatement',
      (trx: Parameters<typeof dueWorkStatement>[0], subject: string) => dueWorkStatement(trx, work(subject)),
    ],
    [
      'dueWorkIfClientStatement',
      (trx: Parameters<typeof dueWorkStatement>[0], subject: string) =>
        dueWorkIfClientStatement(trx, work(subject), { column: 'transfers_move', equals: 'automatically' }),
    ],
  ])('%s is compiled once and filled with each item’s values', async (_name, statement) => {
    await temp.store.transaction(async (trx) => {
      const first = statement(trx, 'transfer-1');
      const second = statement(trx, 'transfer-2');
      expect(second.query).toBe(first.query);
      expect(second.sql).toBe(first.sql);
      expect(first.parameters).toContain('transfer-1');
      expect(second.parameters).toContain('transfer-2');
      expect(first.parameters).toContain('2031-04-14T14:30:00.000Z');
      expect(first.parameters).toContain('2031-04-14T13:00:00.000Z');
      expect(first.parameters[0]).not.toBe(second.parameters[0]);
    });
  });
});
