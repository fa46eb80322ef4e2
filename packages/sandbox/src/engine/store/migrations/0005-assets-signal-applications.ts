/**
 * Migration 0005: asset reports and their audit copies, auditors, signal evaluations, employers,
 * connected applications with their per-Item scopes, and the clients set up as financial
 * institutions.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** The tables of asset reports, signal, employers and connected applications. */
export function assetsSignalApplications(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('auditors')
        .addColumn('auditor_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('asset_reports')
        .addColumn('asset_report_id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id'))
        .addColumn('asset_report_token', 'text', (c) => c.notNull().unique())
        .addColumn('client_report_id', 'text')
        .addColumn('days_requested', 'integer', (c) => c.notNull())
        .addColumn('user', 'text', (c) => c.notNull())
        .addColumn('items', 'text', (c) => c.notNull())
        .addColumn('warnings', 'text', (c) => c.notNull())
        .addColumn('generated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('asset_report_audit_copies')
        .addColumn('audit_copy_token', 'text', (c) => c.primaryKey())
        .addColumn('asset_report_id', 'text', (c) => c.notNull().references('asset_reports.asset_report_id'))
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('auditor_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('removed_at', 'text')
        .execute();
      await db.schema
        .createIndex('audit_copies_by_report')
        .on('asset_report_audit_copies')
        .column('asset_report_id')
        .execute();
      await db.schema
        .createTable('signal_evaluations')
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id'))
        .addColumn('client_transaction_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'double precision', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('evaluated_at', 'text', (c) => c.notNull())
        .addColumn('return_code', 'text')
        .addColumn('returned_at', 'text')
        .addPrimaryKeyConstraint('signal_evaluations_pk', ['client_id', 'client_transaction_id'])
        .execute();
      await db.schema
        .createTable('employers')
        .addColumn('employer_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('confidence_score', 'double precision', (c) => c.notNull())
        .addColumn('products', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('applications')
        .addColumn('application_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('logo', 'text')
        .addColumn('logo_url', 'text')
        .addColumn('application_url', 'text')
        .addColumn('reason_for_access', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('product_data_types', 'text', (c) => c.notNull())
        .addColumn('requested_scopes', 'text', (c) => c.notNull())
        .addColumn('connected_to_items', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('application_scopes')
        .addColumn('item_id', 'text', (c) => c.notNull().references('items.item_id'))
        .addColumn('application_id', 'text', (c) => c.notNull().references('applications.application_id'))
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('application_scopes_pk', ['item_id', 'application_id'])
        .execute();
      await db.schema
        .createTable('financial_institution_clients')
        .addColumn('client_id', 'text', (c) => c.primaryKey().references('clients.client_id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
