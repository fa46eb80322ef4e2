/**
 * Reading and writing asset reports and their audit copies. Each function runs on the caller's
 * database or transaction.
 */
import type { CompiledQuery, Kysely, Selectable, Transaction } from 'kysely';
import { type Database, type Placeholders, prepareQuery, together } from '../../engine/index.js';
import {
  extractionOf,
  extractionOfTokenStatement,
  pageTransactions,
  type Transaction as StoredTransaction,
  storedTransactionsOfTokenStatement,
  transactionsOfRows,
} from '../account-data/index.js';
import {
  type AccountRow,
  accountsOfTokenStatement,
  type ItemsTable,
  itemIdOfToken,
  type LiveItem,
  liveTokenOf,
  liveTokenStatement,
} from '../items/index.js';
import type { ReportSource } from './report.js';
import type { AssetReportAuditCopiesTable, AssetReportsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored asset report. */
export type AssetReportRow = Selectable<AssetReportsTable>;

/** Stores a generated report. */
export async function insertAssetReport(db: Db, report: AssetReportsTable): Promise<void> {
  await db.insertInto('asset_reports').values(report).execute();
}

/**
 * The statement reading the report of `clientId` whose token is `token` (no row: none), to send
 * together with {@link auditorStatement}.
 */
export function reportOfTokenStatement(db: Db, clientId: string, token: string): CompiledQuery<AssetReportRow> {
  return db
    .selectFrom('asset_reports')
    .selectAll()
    .where('asset_report_token', '=', token)
    .where('client_id', '=', clientId)
    .compile();
}

/** The statement reading auditor `auditorId` (no row: not a known auditor). */
export function auditorStatement(db: Db, auditorId: string): CompiledQuery<{ auditor_id: string }> {
  return db.selectFrom('auditors').select('auditor_id').where('auditor_id', '=', auditorId).compile();
}

/** Stores a new audit copy. */
export async function insertAuditCopy(db: Db, copy: AssetReportAuditCopiesTable): Promise<void> {
  await db.insertInto('asset_report_audit_copies').values(copy).execute();
}

/**
 * The live (not removed) audit copy of `token`, whoever created it, with its report: both read
 * together (one round trip on PostgreSQL).
 */
export async function liveAuditCopy(
  db: Db,
  token: string,
): Promise<{ copy: Selectable<AssetReportAuditCopiesTable>; report: AssetReportRow } | undefined> {
  const [copies, reports] = await together(db, [
    db
      .selectFrom('asset_report_audit_copies')
      .selectAll()
      .where('audit_copy_token', '=', token)
      .where('removed_at', 'is', null)
      .compile(),
    db
      .selectFrom('asset_reports')
      .innerJoin(
        'asset_report_audit_copies',
        'asset_report_audit_copies.asset_report_id',
        'asset_reports.asset_report_id',
      )
      .selectAll('asset_reports')
      .where('asset_report_audit_copies.audit_copy_token', '=', token)
      .where('asset_report_audit_copies.removed_at', 'is', null)
      .compile(),
  ]);
  const copy = copies.rows[0];
  const report = reports.rows[0];
  if (!copy) {
    return undefined;
  }
  if (!report) {
    throw new Error(`audit copy ${token} names no stored report`);
  }
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

/** What was read for entry `access_tokens[i]` of a new report. */
export interface ReportTokenRead {
  /** The token's live Item (undefined: not a live access token of the client). */
  item: LiveItem | undefined;
  institutionName: string | undefined;
  accounts: AccountRow[];
  /** The Item's stored transactions, oldest first, once extracted; undefined before. */
  transactions: StoredTransaction[] | undefined;
}

/**
 * Everything a report over the Items of access tokens `tokens` of `clientId` is generated from
 * (see {@link reportSources}), for every token at once: one round trip on PostgreSQL, however many
 * tokens (every statement names its token; whether it is live is decided from the token lookup).
 */
export async function readReportTokens(
  db: Db,
  clientId: string,
  tokens: readonly string[],
): Promise<ReportTokenRead[]> {
  const groups = await together(
    db,
    tokens.map((token) => ({
      found: liveTokenStatement(db, clientId, token, 'access'),
      name: institutionNameOfTokenStatement(db, clientId, token),
      accounts: accountsOfTokenStatement(db, clientId, token, 'access'),
      extraction: extractionOfTokenStatement(db, clientId, token, 'transactions'),
      stored: storedTransactionsOfTokenStatement(db, clientId, token),
    })),
  );
  return groups.map(({ found, name, accounts, extraction, stored }) => {
    return {
      item: liveTokenOf(found.rows[0])?.item,
      institutionName: name.rows[0]?.name,
      accounts: accounts.rows,
      transactions: extraction.rows.length > 0 ? transactionsOfRows(stored.rows) : undefined,
    };
  });
}

/** The statement reading the name of the institution of the Item of access token `token` of `clientId`. */
function institutionNameOfTokenStatement(db: Db, clientId: string, token: string): CompiledQuery<{ name: string }> {
  return institutionNameOfTokenQuery.compile(db, { clientId, token });
}

const institutionNameOfTokenQuery = prepareQuery((db, p: Placeholders<{ clientId: string; token: string }>) =>
  db
    .selectFrom('institutions')
    .innerJoin('items', 'items.institution_id', 'institutions.institution_id')
    .select('institutions.name')
    .where('items.item_id', '=', itemIdOfToken(db, { clientId: p.clientId, token: p.token, kind: 'access' })),
);
