/**
 * Origination accounts in the store: provisioning (every client gets its accounts the first time
 * it needs them), resolving the `origination_account_id` of a request, and moving the available
 * balance with conditional updates, so concurrent bank transfers never pay out more than the
 * transactable balance.
 */
import {
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
} from 'kysely';
import { type Database, heldByThisRequest, invalidInput, type Placeholders, prepareQuery } from '../../engine/index.js';
import type { CanonicalWorld } from '../world/index.js';
import { originationAccountTemplates } from './origination-accounts.js';
import type { OriginationAccountsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** An origination account with its balances as numbers of cents. */
export interface OriginationAccount {
  origination_account_id: string;
  client_id: string;
  name: string;
  is_default: boolean;
  available_cents: number;
  minimum_balance_cents: number;
}

function fromRow(row: Selectable<OriginationAccountsTable>): OriginationAccount {
  return {
    origination_account_id: row.origination_account_id,
    client_id: row.client_id,
    name: row.name,
    is_default: row.is_default === 1,
    available_cents: Number(row.available_cents),
    minimum_balance_cents: Number(row.minimum_balance_cents),
  };
}

/** Inserts the client's first origination accounts unless it has some (safe to run concurrently). */
export async function provisionOriginationAccounts(
  db: Db,
  clientId: string,
  now: Date,
  world?: CanonicalWorld,
): Promise<void> {
  const rows = originationAccountTemplates(clientId, world).map((template) => ({
    ...template,
    client_id: clientId,
    created_at: now.toISOString(),
  }));
  await db
    .insertInto('origination_accounts')
    .values(rows)
    .onConflict((conflict) => conflict.column('origination_account_id').doNothing())
    .execute();
}

const originationAccountsQuery = prepareQuery((db, p: Placeholders<{ clientId: string }>) =>
  db
    .selectFrom('origination_accounts')
    .selectAll()
    .where('client_id', '=', p.clientId)
    .orderBy('is_default', 'desc')
    .orderBy('origination_account_id'),
);

/** The client's origination accounts, default first (provisioned on first use). */
export async function originationAccountsOf(db: Db, clientId: string, now: Date): Promise<OriginationAccount[]> {
  return provisionedOriginationAccounts(db, clientId, now, await originationAccountsQuery.execute(db, { clientId }));
}

/**
 * The statement reading the client's origination accounts, default first, to send together with
 * others (`together.ts`); {@link resolveOriginationAccountOf} reads its rows.
 */
export function originationAccountsStatement(
  db: Db,
  clientId: string,
): CompiledQuery<Selectable<OriginationAccountsTable>> {
  return originationAccountsQuery.compile(db, { clientId });
}

/** `rows` as read by {@link originationAccountsStatement}; when there are none, provisions them and reads again. */
async function provisionedOriginationAccounts(
  db: Db,
  clientId: string,
  now: Date,
  rows: Selectable<OriginationAccountsTable>[],
): Promise<OriginationAccount[]> {
  let found = rows;
  if (found.length === 0) {
    await provisionOriginationAccounts(db, clientId, now);
    found = await originationAccountsQuery.execute(db, { clientId });
  }
  return found.map(fromRow);
}

/** The error of an id that is not one of the client's origination accounts. */
export function invalidOriginationAccount(id: string) {
  return invalidInput(
    'INVALID_ORIGINATION_ACCOUNT_ID',
    `origination_account_id is not an origination account of this client: ${id}`,
    'Leave origination_account_id out to use your default origination account.',
  );
}

/**
 * The origination account a request names, or the client's default when it names none (null or
 * absent). An id that is not the client's is `INVALID_ORIGINATION_ACCOUNT_ID`.
 */
export async function resolveOriginationAccount(
  db: Db,
  clientId: string,
  requested: string | null | undefined,
  now: Date,
): Promise<OriginationAccount> {
  return pickOriginationAccount(await originationAccountsOf(db, clientId, now), requested);
}

/**
 * {@link resolveOriginationAccount} from `rows` read by {@link originationAccountsStatement}
 * (provisioned and read again when there are none).
 */
export async function resolveOriginationAccountOf(
  db: Db,
  clientId: string,
  requested: string | null | undefined,
  now: Date,
  rows: Selectable<OriginationAccountsTable>[],
): Promise<OriginationAccount> {
  return pickOriginationAccount(await provisionedOriginationAccounts(db, clientId, now, rows), requested);
}

function pickOriginationAccount(
  accounts: OriginationAccount[],
  requested: string | null | undefined,
): OriginationAccount {
  const found = requested ? accounts.find((account) => account.origination_account_id === requested) : accounts[0];
  if (!found) {
    throw invalidOriginationAccount(String(requested));
  }
  return found;
}

/** What {@link reserveTransactableStatement} reserves, and for which request. */
export interface CreditReservation {
  clientId: string;
  /** The origination account the request names; null or absent: the client's default. */
  requested: string | null | undefined;
  cents: number;
  /** The idempotency key the request claimed, with the id of the record it creates. */
  heldKey: { scope: string; key: string; resourceId: string };
}

type ReservationParams = { clientId: string; cents: number; scope: string; key: string; resourceId: string };

/** The conditional reserve on `account` (an id, or a subquery finding it) while the key is held. */
function reservationOn(
  db: Kysely<Database> | Transaction<Database>,
  p: Placeholders<ReservationParams>,
  account: (eb: ExpressionBuilder<Database, 'origination_accounts'>) => Expression<string>,
) {
  return db
    .updateTable('origination_accounts')
    .set({ available_cents: sql<number>`available_cents - ${p.cents}` })
    .where('client_id', '=', p.clientId)
    .where((eb) => eb('origination_account_id', '=', account(eb)))
    .where(sql<boolean>`available_cents - minimum_balance_cents >= ${p.cents}`)
    .where((eb) => eb.exists(heldByThisRequest(db, p)));
}

const reserveOnRequestedQuery = prepareQuery((db, p: Placeholders<ReservationParams & { requested: string }>) =>
  reservationOn(db, p, (eb) => eb.val(p.requested)),
);

const reserveOnDefaultQuery = prepareQuery((db, p: Placeholders<ReservationParams>) =>
  reservationOn(db, p, (eb) =>
    eb
      .selectFrom('origination_accounts as by_default')
      .select('by_default.origination_account_id')
      .where('by_default.client_id', '=', p.clientId)
      .orderBy('by_default.is_default', 'desc')
      .orderBy('by_default.origination_account_id')
      .limit(1)
      .$asScalar(),
  ),
);

/**
 * The statement reserving `credit.cents` of the transactable balance (available minus minimum
 * balance) of the origination account a request names (or the client's default), in one
 * conditional update, to send in the first flight of a create, before the account is resolved
 * (`together.ts`): it reserves only on an account of the client, and only while the request
 * holds its idempotency key (not for a repeat). It changed one row if and only if it reserved; a
 * refusal afterwards rolls it back with the transaction.
 */
export function reserveTransactableStatement(trx: Transaction<Database>, credit: CreditReservation): CompiledQuery {
  const params = { clientId: credit.clientId, cents: credit.cents, ...credit.heldKey };
  return credit.requested
    ? reserveOnRequestedQuery.compile(trx, { ...params, requested: credit.requested })
    : reserveOnDefaultQuery.compile(trx, params);
}

/** Adds `cents` (negative to take away) to the account's available balance. */
export async function adjustAvailable(trx: Transaction<Database>, accountId: string, cents: number): Promise<void> {
  if (cents === 0) {
    return;
  }
  await trx.executeQuery(adjustAvailableStatement(trx, accountId, cents));
}

const adjustAvailableQuery = prepareQuery((db, p: Placeholders<{ accountId: string; cents: number }>) =>
  db
    .updateTable('origination_accounts')
    .set({ available_cents: sql<number>`available_cents + ${p.cents}` })
    .where('origination_account_id', '=', p.accountId),
);

/** The statement of {@link adjustAvailable} (for `cents` other than 0), to send together with others (`together.ts`). */
export function adjustAvailableStatement(trx: Transaction<Database>, accountId: string, cents: number): CompiledQuery {
  return adjustAvailableQuery.compile(trx, { accountId, cents });
}
