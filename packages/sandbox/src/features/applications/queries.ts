/**
 * Reading connected applications, the scopes users set for them per Item, and which clients are
 * set up as financial institutions.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../engine/store/database.js';
import type { ApplicationScopesTable, ApplicationsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored application. */
export type ApplicationRow = Selectable<ApplicationsTable>;

/** The applications connected to every sandbox Item. */
export async function connectedApplications(db: Db): Promise<ApplicationRow[]> {
  return db.selectFrom('applications').selectAll().where('connected_to_items', '=', 1).execute();
}

/** The application `applicationId`, connected or not. */
export async function applicationById(db: Db, applicationId: string): Promise<ApplicationRow | undefined> {
  return db.selectFrom('applications').selectAll().where('application_id', '=', applicationId).executeTakeFirst();
}

/** The scopes the user set for `applicationId` on `itemId`, if they ever changed them. */
export async function storedScopes(
  db: Db,
  itemId: string,
  applicationId: string,
): Promise<ApplicationScopesTable['scopes'] | undefined> {
  const row = await db
    .selectFrom('application_scopes')
    .select('scopes')
    .where('item_id', '=', itemId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return row?.scopes;
}

/** Replaces the scopes of an application on an Item as a whole (one statement, so concurrent updates leave one row). */
export async function saveScopes(db: Db, row: ApplicationScopesTable): Promise<void> {
  await db
    .insertInto('application_scopes')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['item_id', 'application_id']).doUpdateSet({ scopes: row.scopes, updated_at: row.updated_at }),
    )
    .execute();
}

/** Whether `clientId` has at least one Item that was not removed. */
export async function hasLiveItem(db: Db, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select('item_id')
    .where('client_id', '=', clientId)
    .where('removed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `clientId` is set up as a financial institution. */
export async function isFinancialInstitution(db: Db, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('financial_institution_clients')
    .select('client_id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}
