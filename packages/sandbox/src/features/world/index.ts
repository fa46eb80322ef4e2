/**
 * The world feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */

export { type CanonicalWorld, DEFAULT_WORLD } from './canonical-world.js';
export {
  DEFAULT_TEST_USER,
  TEST_USERS,
  type TestUser,
  type TestUserBehaviour,
  testLogin,
  testUserKey,
  testUserOf,
} from './test-users.js';
export { CANONICAL_ACCOUNT_IDS, CANONICAL_INSTITUTIONS, CANONICAL_ITEM, DEFAULT_CLIENT, DEMO_CLIENT } from './world.js';
