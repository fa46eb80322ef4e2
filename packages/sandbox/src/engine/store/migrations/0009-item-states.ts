/**
 * Migration 0009: an Item's login state as data. `items.login_required` is 1 while the Item is in
 * `ITEM_LOGIN_REQUIRED` (set by `/sandbox/item/reset_login` and for Items of the test user
 * `user_login_reset`, cleared by `/sandbox/item/repair_login`). Items of that test user created
 * before this migration get it too, so they answer as before.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/** The stored test-user key of `user_login_reset` (`username/password`, see features/world/test-users.ts). */
const LOGIN_RESET_TEST_USER = 'user_login_reset/pass_good';

/** Adds `items.login_required` (0 unless the Item's login was reset). */
export function itemStates(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('items')
        .addColumn('login_required', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.updateTable('items').set({ login_required: 1 }).where('test_user', '=', LOGIN_RESET_TEST_USER).execute();
    },
  };
}
