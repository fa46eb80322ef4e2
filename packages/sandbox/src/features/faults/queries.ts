/**
 * The store's side of fault rules: insert, list and remove a client's rules, and claim the next
 * request a rule considers (its n, counted in the store so that instances share it) and, when
 * drawn, one of its faults.
 */
import type { CompiledQuery, Kysely, Selectable, Transaction } from 'kysely';
import { clientWorldLockShared, type Database, engineOf, type Placeholders, prepareQuery } from '../../engine/index.js';
import type { FaultRulesTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored fault rule. */
export type FaultRuleRow = Selectable<FaultRulesTable>;

/** The statement of a new rule, answering it as stored. */
export function insertFaultRuleStatement(db: Db, rule: Omit<FaultRuleRow, 'position'>): CompiledQuery<FaultRuleRow> {
  return db.insertInto('fault_rules').values(rule).returningAll().compile();
}

/** The statement counting the rules `clientId` has (`count`). */
export function faultRuleCountStatement(db: Db, clientId: string): CompiledQuery<{ count: number | string }> {
  return db
    .selectFrom('fault_rules')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('client_id', '=', clientId)
    .compile();
}

const faultRulesQuery = prepareQuery((db, p: Placeholders<{ clientId: string }>) =>
  db.selectFrom('fault_rules').selectAll().where('client_id', '=', p.clientId).orderBy('position'),
);

/**
 * The rules of `clientId`, oldest first. Asked on every request, so prepared: on SQLite the read
 * cache answers it while `fault_rules` is unchanged; on PostgreSQL it is a named statement.
 */
export function faultRulesOf(db: Db, clientId: string): Promise<FaultRuleRow[]> {
  return faultRulesQuery.execute(db, { clientId });
}

/**
 * A row of a request's lookup: the client's stored clock offset with one of its rules (the rule's
 * columns null, `position` too, when it has none), so one read tells the request both whether a
 * rule considers it and whether its clock moved on another instance.
 */
export interface FaultRuleLookupRow {
  client_clock_offset_ms: number | string;
  client_generation: number | string;
  position: number | null;
  operations: string | null;
  starts_at: string | null;
  ends_at: string | null;
}

const faultRulesLookup = prepareQuery((db, p: Placeholders<{ clientId: string }>) => {
  const query = db
    .selectFrom('clients')
    .leftJoin('fault_rules', 'fault_rules.client_id', 'clients.client_id')
    .select([
      'clients.clock_offset_ms as client_clock_offset_ms',
      'clients.generation as client_generation',
      'fault_rules.position',
      'fault_rules.operations',
      'fault_rules.starts_at',
      'fault_rules.ends_at',
    ])
    .where('clients.client_id', '=', p.clientId)
    .orderBy('fault_rules.position');
  // PostgreSQL: the client's world lock, shared, in the same statement (SQLite has one writer).
  return engineOf(db) === 'postgres'
    ? query.select(clientWorldLockShared('clients.client_id').as('world_lock'))
    : query;
});

/**
 * A request's lookup (`decide.ts`): the client's clock offset, generation and rules (on
 * PostgreSQL taking its world lock shared), compiled for the engine
 * of `db`. Its rows are those of {@link FaultRuleLookupRow}; none when the client is gone.
 */
export function faultRulesLookupQuery(db: Db, clientId: string): CompiledQuery<FaultRuleLookupRow> {
  return faultRulesLookup.compile(db, { clientId }) as CompiledQuery<FaultRuleLookupRow>;
}

/** Removes rule `faultRuleId` of `clientId`, or all of its rules; returns the removed ids, oldest first. */
export async function removeFaultRules(
  trx: Transaction<Database>,
  clientId: string,
  faultRuleId: string | undefined,
): Promise<string[]> {
  let query = trx.selectFrom('fault_rules').select('fault_rule_id').where('client_id', '=', clientId);
  if (faultRuleId !== undefined) {
    query = query.where('fault_rule_id', '=', faultRuleId);
  }
  const ids = (await query.orderBy('position').execute()).map((row) => row.fault_rule_id);
  if (ids.length > 0) {
    await trx.deleteFrom('fault_rules').where('client_id', '=', clientId).where('fault_rule_id', 'in', ids).execute();
  }
  return ids;
}

/** Counts one more request considered by a rule (prepared: a request considered by many rules runs it once per rule). */
const countConsideredQuery = prepareQuery((db, p: Placeholders<{ position: number }>) =>
  db
    .updateTable('fault_rules')
    .set((eb) => ({ matched_count: eb('matched_count', '+', 1) }))
    .where('position', '=', p.position)
    .returning('matched_count'),
);

/** Counts one more request considered by rule `position`; returns its n (from 1), or undefined when the rule is gone. */
export async function countConsidered(trx: Transaction<Database>, position: number): Promise<number | undefined> {
  return (await countConsideredQuery.executeTakeFirst(trx, { position }))?.matched_count;
}

/** Takes one fault of a rule, unless its `remaining` is used up. */
const takeFaultQuery = prepareQuery((db, p: Placeholders<{ position: number }>) =>
  db
    .updateTable('fault_rules')
    .set((eb) => ({
      fault_count: eb('fault_count', '+', 1),
      remaining: eb
        .case()
        .when('remaining', 'is', null)
        .then(null)
        .else(eb('remaining', '-', 1))
        .end(),
    }))
    .where('position', '=', p.position)
    .where((eb) => eb.or([eb('remaining', 'is', null), eb('remaining', '>', 0)]))
    .returning('fault_count'),
);

/** Takes one fault of rule `position` (none when its `remaining` is used up); whether one was taken. */
export async function takeFault(trx: Transaction<Database>, position: number): Promise<boolean> {
  return (await takeFaultQuery.executeTakeFirst(trx, { position })) !== undefined;
}
