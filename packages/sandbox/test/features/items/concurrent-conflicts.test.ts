/**
 * Concurrent changes through one access token: of `/item/remove` and `/item/access_token/invalidate`
 * racing on the same token, exactly one succeeds, and what it left behind is consistent (a rotated
 * token works; a removed Item answers nothing). PostgreSQL runs them truly in parallel (read
 * committed), SQLite one writing transaction at a time: both engines must give the same answer.
 */
import { describe, expect, it } from 'vitest';
import { describeEngines, type TestSandbox } from '../../support/harness.js';

const ROUNDS = 8;
const CALLS_PER_ROUND = 8;

async function newAccessToken(sandbox: TestSandbox): Promise<string> {
  const { public_token } = await sandbox.ok('sandboxPublicTokenCreate', {
    institution_id: 'ins_109508',
    initial_products: ['auth'],
  });
  return (await sandbox.ok('itemPublicTokenExchange', { public_token })).access_token;
}

type Racer = 'itemRemove' | 'itemAccessTokenInvalidate';

/** The pairs of operations raced on one token, each as a mix of both in alternating order. */
const MATRIX: [name: string, racers: Racer[]][] = [
  ['remove against invalidate', ['itemRemove', 'itemAccessTokenInvalidate']],
  ['invalidate against remove', ['itemAccessTokenInvalidate', 'itemRemove']],
  ['invalidate against invalidate', ['itemAccessTokenInvalidate', 'itemAccessTokenInvalidate']],
  ['remove against remove', ['itemRemove', 'itemRemove']],
];

describeEngines('concurrent changes through one access token', (sandbox) => {
  describe.each(MATRIX)('%s', (_name, racers) => {
    it(`exactly one of ${CALLS_PER_ROUND} concurrent calls wins, in each of ${ROUNDS} rounds`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const access_token = await newAccessToken(sandbox());
        const calls = Array.from({ length: CALLS_PER_ROUND }, (_, index) => racers[index % racers.length] as Racer);
        const replies = await Promise.all(calls.map((operation) => sandbox().call(operation, { access_token })));
        const winners = replies.flatMap((reply, index) =>
          reply.status === 200 ? [{ reply, operation: calls[index] }] : [],
        );
        expect(winners, `round ${round}: ${replies.map((reply) => reply.status).join(',')}`).toHaveLength(1);
        for (const reply of replies) {
          if (reply.status !== 200) {
            expect(reply.body).toMatchObject({ error_code: 'INVALID_ACCESS_TOKEN' });
          }
        }
        const [winner] = winners;
        if (winner?.operation === 'itemAccessTokenInvalidate') {
          const { new_access_token } = winner.reply.body as { new_access_token: string };
          // The rotated token works: no removal slipped in behind the rotation.
          await sandbox().ok('authGet', { access_token: new_access_token });
        }
        await expect(sandbox().call('authGet', { access_token })).resolves.toMatchObject({ status: 400 });
      }
    });
  });
});
