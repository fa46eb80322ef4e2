/**
 * Reading and writing asset reports and their audit copies. Each function runs on the caller's
 * database or transaction.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../engine/store/database.js';
import { extractionOf, pageTransactions } from '../account-data/index.js';
import type { ItemsTable } from '../items/index.js';
import type { ReportSource } from './report.js';
import type { AssetReportAuditCopiesTable, AssetReportsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored asset report. */
export type AssetReportRow = Selectable<AssetReportsTable>;

/** Stores a generated report. */
export async function insertAssetReport(db: Db, report: AssetReportsTable): Promise<void> {
  await db.insertInto('asset_reports').values(report).execute();
}

/** The report of `clientId` whose token is `token`, if any. */
export async function reportOfToken(db: Db, clientId: string, token: string): Promise<AssetReportRow | undefined> {
  return db
    .selectFrom('asset_reports')
    .selectAll()
    .where('asset_report_token', '=', token)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** Whether `auditorId` is a known auditor. */
export async function auditorExists(db: Db, auditorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('auditors')
    .select('auditor_id')
    .where('auditor_id', '=', auditorId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a new audit copy. */
export async function insertAuditCopy(db: Db, copy: AssetReportAuditCopiesTable): Promise<void> {
  await db.insertInto('asset_report_audit_copies').values(copy).execute();
}

/** The live (not removed) audit copy of `token`, whoever created it, with its report. */
export async function liveAuditCopy(
  db: Db,
  token: string,
): Promise<{ copy: Selectable<AssetReportAuditCopiesTable>; report: AssetReportRow } | undefined> {
  const copy = await db
    .selectFrom('asset_report_audit_copies')
    .selectAll()
    .where('audit_copy_token', '=', token)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!copy) {
    return undefined;
  }
  const report = await db
    .selectFrom('asset_reports')
    .selectAll()
    .where('asset_report_id', '=', copy.asset_report_id)
    .executeTakeFirstOrThrow();
  return { copy, report };
}

/**
 * Removes the live audit copy `token` of `clientId`. Returns false when there is none (unknown,
 * already removed, or created by another client); of two concurrent removals, one returns true.
 */
export async function removeAuditCopy(db: Db, clientId: string, token: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('asset_report_audit_copies')
    .set({ removed_at: at })
    .where('audit_copy_token', '=', token)
    .where('client_id', '=', clientId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The names of the institutions `ids`, by id. */
export async function institutionNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('institutions')
    .select(['institution_id', 'name'])
    .where('institution_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.institution_id, row.name]));
}

/** More transactions than any sandbox Item holds: a report reads all of an Item's at once. */
const STORED_TRANSACTIONS_LIMIT = 1_000_000;

/**
 * What reports over `items` are generated from: each Item with its accounts, its institution's
 * name and, once extracted, its stored transactions (what `/transactions/get` serves), in order.
 */
export async function reportSources(db: Db, items: readonly ItemsTable[]): Promise<ReportSource[]> {
  const names = await institutionNames(
    db,
    items.map((item) => item.institution_id),
  );
  const sources: ReportSource[] = [];
  for (const item of items) {
    const accounts = await db
      .selectFrom('accounts')
      .selectAll()
      .where('item_id', '=', item.item_id)
      .orderBy('position')
      .execute();
    const institutionName = names.get(item.institution_id) ?? item.institution_id;
    if (!(await extractionOf(db, item.item_id, 'transactions'))) {
      sources.push({ item, institutionName, accounts });
      continue;
    }
    const stored = await pageTransactions(
      db,
      {
        itemId: item.item_id,
        accountIds: accounts.map((account) => account.account_id),
        startDate: '0001-01-01',
        endDate: '9999-12-31',
      },
      { count: STORED_TRANSACTIONS_LIMIT, offset: 0 },
    );
    // Stored newest first; the report wants them in the order they were found, oldest first.
    sources.push({ item, institutionName, accounts, transactions: stored.transactions.reverse() });
  }
  return sources;
}
