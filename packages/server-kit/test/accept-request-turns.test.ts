/**
 * `acceptRequest` settles its promise from the body's last event: the server's handling goes on in
 * the next turn of the microtask queue, not after a chain of async functions (a promise and a turn
 * each, per request).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { expect, it } from 'vitest';
import { acceptRequest } from '../src/accept-request.js';
import { createRouteTable } from '../src/routes.js';

const routes = createRouteTable([{ path: '/item/remove', method: 'POST', operationId: 'itemRemove' }]);

it.each([
  ['an accepted request', { access_token: 'a', client_id: 'c', secret: 's' }, 'accepted'],
  ['one refused for its credentials', { access_token: 'a' }, 'refused'],
])('%s settles in the turn after its body ends', async (_name, body, outcome) => {
  const req = new IncomingMessage(new Socket());
  req.method = 'POST';
  req.url = '/item/remove';
  const text = JSON.stringify(body);
  req.headers = { 'content-type': 'application/json', 'content-length': String(text.length) };
  const res = new ServerResponse(req);
  res.end = (() => res) as never;
  const order: string[] = [];
  const settled = acceptRequest(req, res, { routes }).then((accepted) => {
    order.push(accepted ? 'accepted' : 'refused');
  });
  // Turns of the microtask queue counted from the body's end (this listener comes after the edges').
  req.once('end', () => {
    let turn = 0;
    const count = () => {
      order.push(`turn ${++turn}`);
      if (turn < 3) {
        queueMicrotask(count);
      }
    };
    queueMicrotask(count);
  });
  req.push(text);
  req.push(null);
  await settled;
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual([outcome, 'turn 1', 'turn 2', 'turn 3']);
});
