/**
 * Reading connected applications, the scopes users set for them per Item, and which clients are
 * set up as financial institutions. Each read is a statement to send together with the others a
 * request needs (`together.ts`): every operation of the feature reads in one round trip.
 */
import type { CompiledQuery, Kysely, Selectable, Transaction } from 'kysely';
import { type Database, prepareQuery } from '../../engine/index.js';
import { itemIdOfToken } from '../items/index.js';
import type { ApplicationScopesTable, ApplicationsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored application. */
export type ApplicationRow = Selectable<ApplicationsTable>;

const connectedApplicationsQuery = prepareQuery<Record<string, never>, ApplicationRow>((db) =>
  db.selectFrom('applications').selectAll().where('connected_to_items', '=', 1),
);

/** The statement reading the applications that connect to Items (in no particular order). */
export function connectedApplicationsStatement(db: Db): CompiledQuery<ApplicationRow> {
  return connectedApplicationsQuery.compile(db, {});
}

const applicationByIdQuery = prepareQuery<{ applicationId: string }, ApplicationRow>((db, p) =>
  db.selectFrom('applications').selectAll().where('application_id', '=', p.applicationId),
);

/** The statement reading the application `applicationId` (no row when there is none). */
export function applicationByIdStatement(db: Db, applicationId: string): CompiledQuery<ApplicationRow> {
  return applicationByIdQuery.compile(db, { applicationId });
}

/** Stored scopes of one application for one Item. */
export type StoredScopes = Pick<ApplicationScopesTable, 'application_id' | 'scopes'>;

const scopesOfTokenQuery = prepareQuery<{ clientId: string; token: string; kind: string }, StoredScopes>((db, p) =>
  db.selectFrom('application_scopes').select(['application_id', 'scopes']).where('item_id', '=', itemIdOfToken(db, p)),
);

/**
 * The statement reading the scopes stored for the Item of the client's access token `token`, one
 * row per application that has them (the caller keeps them once the token is known to be live).
 */
export function scopesOfTokenStatement(db: Db, clientId: string, token: string): CompiledQuery<StoredScopes> {
  return scopesOfTokenQuery.compile(db, { clientId, token, kind: 'access' });
}

/** The statement storing the scopes of one application for one Item (replacing earlier ones). */
export function saveScopesStatement(db: Db, row: ApplicationScopesTable): CompiledQuery {
  return db
    .insertInto('application_scopes')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['item_id', 'application_id']).doUpdateSet({ scopes: row.scopes, updated_at: row.updated_at }),
    )
    .compile();
}

const liveItemOfClientQuery = prepareQuery<{ clientId: string }, { item_id: string }>((db, p) =>
  db.selectFrom('items').select('item_id').where('client_id', '=', p.clientId).where('removed_at', 'is', null).limit(1),
);

/** The statement reading one live Item of the client, if it has any (whether it has connected any). */
export function liveItemOfClientStatement(db: Db, clientId: string): CompiledQuery<{ item_id: string }> {
  return liveItemOfClientQuery.compile(db, { clientId });
}

const financialInstitutionQuery = prepareQuery<{ clientId: string }, { client_id: string }>((db, p) =>
  db.selectFrom('financial_institution_clients').select('client_id').where('client_id', '=', p.clientId),
);

/** The statement reading the client's row among the financial institutions (none: it is not one). */
export function financialInstitutionStatement(db: Db, clientId: string): CompiledQuery<{ client_id: string }> {
  return financialInstitutionQuery.compile(db, { clientId });
}
