import { createClient } from '@svc/client';

const client = createClient({
  clientId: process.env.SVC_CLIENT_ID ?? '',
  secret: process.env.SVC_SECRET ?? '',
  environment: 'local', // the sandbox of `npm start`; 'mock' for the mock, 'sandbox' for the hosted one
});

// Named methods take the request body and resolve to the response body, typed from the spec.
// A public token is exchanged once and lives 30 minutes: make a fresh one for the test user.
const { public_token } = await client.sandboxPublicTokenCreate({
  institution_id: 'ins_109508',
  initial_products: ['auth'],
});
const { access_token, item_id } = await client.itemPublicTokenExchange({ public_token });
const { accounts, numbers } = await client.authGet({ access_token });
for (const account of accounts) {
  const ach = numbers.ach.find((entry) => entry.account_id === account.account_id);
  process.stdout.write(`${item_id} ${account.name}: ${account.balances.current} ${ach?.routing ?? ''}\n`);
}

// The path-typed call is there too (openapi-fetch's shape), resolving to { data, error, response }.
const { data, error } = await client.POST('/identity/get', { body: { access_token } });
if (error) {
  process.stderr.write(`${error.error_code}: ${error.error_message}\n`);
} else {
  process.stdout.write(`${data.accounts.length} accounts with owners\n`);
}
