/**
 * Seeds the auditors (reference data) and the canonical asset report with its audit copy
 * (spec/README.md, "Canonical example data"). Inserts skip rows that exist, so instances starting
 * together on one PostgreSQL seed it once.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../engine/index.js';
import { CANONICAL_ITEM, type CanonicalWorld, DEFAULT_WORLD } from '../world/index.js';
import { SEEDED_AUDITORS } from './auditors.js';
import { CANONICAL_ASSET_REPORT, CANONICAL_AUDIT_COPY } from './canonical.js';
import { reportSources } from './queries.js';
import { reportRow } from './report-row.js';

type Trx = Transaction<Database>;

/** Inserts the auditors unless they are there already. */
export async function seedAuditors(trx: Trx): Promise<void> {
  await trx
    .insertInto('auditors')
    .values([...SEEDED_AUDITORS])
    .onConflict((conflict) => conflict.column('auditor_id').doNothing())
    .execute();
}

/** The canonical asset report over `world`'s canonical Item, and its audit copy for the canonical auditor. */
export async function seedCanonicalAssetReport(
  trx: Trx,
  now: Date,
  world: CanonicalWorld = DEFAULT_WORLD,
): Promise<void> {
  const assetReportId = world.id(CANONICAL_ASSET_REPORT.assetReportId);
  const present = await trx
    .selectFrom('asset_reports')
    .select('asset_report_id')
    .where('asset_report_id', '=', assetReportId)
    .executeTakeFirst();
  if (!present) {
    const item = await trx
      .selectFrom('items')
      .selectAll()
      .where('item_id', '=', world.id(CANONICAL_ITEM.itemId))
      .executeTakeFirstOrThrow();
    const row = reportRow(
      {
        assetReportId,
        assetReportToken: world.id(CANONICAL_ASSET_REPORT.assetReportToken),
        clientId: world.clientId,
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
      audit_copy_token: world.id(CANONICAL_AUDIT_COPY.auditCopyToken),
      asset_report_id: assetReportId,
      client_id: world.clientId,
      auditor_id: CANONICAL_AUDIT_COPY.auditorId,
      created_at: now.toISOString(),
      removed_at: null,
    })
    .onConflict((conflict) => conflict.column('audit_copy_token').doNothing())
    .execute();
}
