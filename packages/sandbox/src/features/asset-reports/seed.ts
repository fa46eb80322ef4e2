/**
 * Seeds the reference data and canonical rows of asset reports, signal, employers and connected
 * applications: the auditors, the employers, the applications, the default client as a financial
 * institution, the canonical checking account as enabled for micro-deposit verification, and the
 * canonical asset report with its audit copy (spec/README.md, "Canonical example data").
 * Inserts skip rows that exist, so instances starting together on one PostgreSQL seed it once.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../engine/store/database.js';
import { seededApplications } from '../applications/applications.js';
import { seededEmployers } from '../employers/employers.js';
import { saveEvaluation } from '../signal/queries.js';
import { evaluateSignal } from '../signal/scores.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM, DEFAULT_CLIENT } from '../world/world.js';
import { SEEDED_AUDITORS } from './auditors.js';
import { CANONICAL_ASSET_REPORT, CANONICAL_AUDIT_COPY } from './canonical.js';
import { reportSources } from './queries.js';
import { reportRow } from './report-row.js';

type Trx = Transaction<Database>;

/** Seeds everything of migration 0005 at time `now`; the canonical Item must exist already. */
export async function seedAssetsSignalApplications(trx: Trx, now: Date): Promise<void> {
  await trx
    .insertInto('auditors')
    .values([...SEEDED_AUDITORS])
    .onConflict((conflict) => conflict.column('auditor_id').doNothing())
    .execute();
  await trx
    .insertInto('employers')
    .values(seededEmployers())
    .onConflict((conflict) => conflict.column('employer_id').doNothing())
    .execute();
  await trx
    .insertInto('applications')
    .values(seededApplications())
    .onConflict((conflict) => conflict.column('application_id').doNothing())
    .execute();
  await trx
    .insertInto('financial_institution_clients')
    .values({ client_id: DEFAULT_CLIENT.clientId, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('client_id').doNothing())
    .execute();
  // The docs set the verification status of the canonical checking account: it was verified
  // through micro-deposits (the default client is enabled for them); the savings account was not.
  await trx
    .updateTable('accounts')
    .set({ micro_deposits: 1 })
    .where('account_id', '=', CANONICAL_ACCOUNT_IDS[0])
    .where('item_id', '=', CANONICAL_ITEM.itemId)
    .execute();
  await seedCanonicalAssetReport(trx, now);
  await seedCanonicalEvaluation(trx, now);
}

/** The canonical asset report over the canonical Item, and its audit copy for the canonical auditor. */
async function seedCanonicalAssetReport(trx: Trx, now: Date): Promise<void> {
  const present = await trx
    .selectFrom('asset_reports')
    .select('asset_report_id')
    .where('asset_report_id', '=', CANONICAL_ASSET_REPORT.assetReportId)
    .executeTakeFirst();
  if (!present) {
    const item = await trx
      .selectFrom('items')
      .selectAll()
      .where('item_id', '=', CANONICAL_ITEM.itemId)
      .executeTakeFirstOrThrow();
    const row = reportRow(
      {
        assetReportId: CANONICAL_ASSET_REPORT.assetReportId,
        assetReportToken: CANONICAL_ASSET_REPORT.assetReportToken,
        clientId: DEFAULT_CLIENT.clientId,
        clientReportId: CANONICAL_ASSET_REPORT.clientReportId,
        daysRequested: CANONICAL_ASSET_REPORT.daysRequested,
        user: { ...CANONICAL_ASSET_REPORT.user },
        generatedAt: now,
      },
      await reportSources(trx, [item]),
    );
    await trx
      .insertInto('asset_reports')
      .values(row)
      .onConflict((conflict) => conflict.column('asset_report_id').doNothing())
      .execute();
  }
  await trx
    .insertInto('asset_report_audit_copies')
    .values({
      audit_copy_token: CANONICAL_AUDIT_COPY.auditCopyToken,
      asset_report_id: CANONICAL_ASSET_REPORT.assetReportId,
      client_id: DEFAULT_CLIENT.clientId,
      auditor_id: CANONICAL_AUDIT_COPY.auditorId,
      created_at: now.toISOString(),
      removed_at: null,
    })
    .onConflict((conflict) => conflict.column('audit_copy_token').doNothing())
    .execute();
}

/** The debit of the docs evaluated earlier (`client_transaction_id` b6d3c1e0-…), so that the
 * `/signal/return/report` example of the docs works on a fresh store. */
export const CANONICAL_EVALUATION = {
  clientTransactionId: 'b6d3c1e0-4f2a-4c8e-9d7b-1a2e3f4c5d6e',
  amount: 102.05,
} as const;

/** Seeds {@link CANONICAL_EVALUATION} on the canonical checking account, unless it is there. */
async function seedCanonicalEvaluation(trx: Trx, now: Date): Promise<void> {
  const present = await trx
    .selectFrom('signal_evaluations')
    .select('client_transaction_id')
    .where('client_id', '=', DEFAULT_CLIENT.clientId)
    .where('client_transaction_id', '=', CANONICAL_EVALUATION.clientTransactionId)
    .executeTakeFirst();
  if (present) {
    return;
  }
  const result = evaluateSignal({
    amount: CANONICAL_EVALUATION.amount,
    available: 100,
    current: 110,
    subtype: 'checking',
    userPresent: true,
    user: undefined,
    device: undefined,
    daysSinceFirstConnection: 0,
    nsfOverdraftCount30d: 0,
    totalCreditAmount30d: 0,
  });
  await saveEvaluation(trx, {
    client_id: DEFAULT_CLIENT.clientId,
    client_transaction_id: CANONICAL_EVALUATION.clientTransactionId,
    item_id: CANONICAL_ITEM.itemId,
    account_id: CANONICAL_ACCOUNT_IDS[0],
    amount: CANONICAL_EVALUATION.amount,
    result: JSON.stringify(result),
    evaluated_at: now.toISOString(),
    return_code: null,
    returned_at: null,
  });
}
