import { errorCatalogue } from '@svc/server-kit';
import { expect, it } from 'vitest';
import { CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';

const THIRTY_MINUTES = 30 * 60 * 1000;

describeEngines('Item and token lifecycle', (sandbox) => {
  async function newItem(options: Record<string, string> = {}) {
    const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products: ['auth', 'transactions'],
      ...(Object.keys(options).length > 0 ? { options } : {}),
    });
    const exchanged = await sandbox().ok('itemPublicTokenExchange', { public_token });
    return { publicToken: public_token, ...exchanged };
  }

  it('creates a public token of the documented form and exchanges it for an access token', async () => {
    const { publicToken, access_token, item_id } = await newItem();
    expect(publicToken).toMatch(/^public-sandbox-[0-9a-f-]{36}$/);
    expect(access_token).toMatch(/^access-sandbox-[0-9a-f-]{36}$/);
    expect(item_id).toHaveLength(37);
  });

  it('refuses a second exchange of the same public token', async () => {
    const { publicToken } = await newItem();
    const reply = await sandbox().fail('itemPublicTokenExchange', { public_token: publicToken });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_PUBLIC_TOKEN' });
    // The handler's own suggested action is kept (the catalogue's is the default).
    expect(reply.body.suggested_action).toBe('Create a new public token and exchange it within 30 minutes, once.');
    expect(reply.body.suggested_action).not.toBe(
      errorCatalogue.get('INVALID_INPUT', 'INVALID_PUBLIC_TOKEN').suggestedAction,
    );
  });

  it("says how to get a fresh public token when the docs' canonical one is used again", async () => {
    // The first use may succeed or not (another test of this file may have used it); the next must say what to do.
    await sandbox().call('itemPublicTokenExchange', { public_token: CANONICAL_ITEM.publicToken });
    const reply = await sandbox().fail('itemPublicTokenExchange', { public_token: CANONICAL_ITEM.publicToken });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_PUBLIC_TOKEN' });
    expect(reply.body.error_message).toContain('works once per sandbox store');
    expect(reply.body.suggested_action).toContain('--reset');
    expect(reply.body.suggested_action).toContain('/sandbox/public_token/create');
  });

  it('expires a public token 30 minutes after issue (injected clock)', async () => {
    const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
    });
    sandbox().clock.advance(THIRTY_MINUTES);
    const reply = await sandbox().fail('itemPublicTokenExchange', { public_token });
    expect(reply.body.error_code).toBe('INVALID_PUBLIC_TOKEN');
    expect(reply.body.error_message).toContain('expired');
  });

  it('accepts a public token just before its 30 minutes are up', async () => {
    const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
    });
    sandbox().clock.advance(THIRTY_MINUTES - 1000);
    await sandbox().ok('itemPublicTokenExchange', { public_token });
  });

  it('rotates an access token: the old one is refused at once, the new one works', async () => {
    const { access_token } = await newItem();
    const { new_access_token } = await sandbox().ok('itemAccessTokenInvalidate', { access_token });
    expect(new_access_token).not.toBe(access_token);
    const old = await sandbox().fail('itemAccessTokenInvalidate', { access_token });
    expect(old.body.error_code).toBe('INVALID_ACCESS_TOKEN');
    await sandbox().ok('itemWebhookUpdate', {
      access_token: new_access_token,
      webhook: 'https://www.example.com/hook',
    });
  });

  it('removes an Item: its access token is refused afterwards and nothing is reachable', async () => {
    const { access_token } = await newItem();
    await sandbox().ok('itemRemove', { access_token });
    for (const reply of [
      await sandbox().fail('itemRemove', { access_token }),
      await sandbox().fail('itemAccessTokenInvalidate', { access_token }),
      await sandbox().fail('itemWebhookUpdate', { access_token, webhook: 'https://www.example.com/hook' }),
    ]) {
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
    }
  });

  it('exchanges the canonical public token of the docs for the canonical access token', async () => {
    await sandbox().sandbox.reset();
    const exchanged = await sandbox().ok('itemPublicTokenExchange', { public_token: CANONICAL_ITEM.publicToken });
    expect(exchanged).toMatchObject({ access_token: CANONICAL_ITEM.accessToken, item_id: CANONICAL_ITEM.itemId });
  });

  it('refuses an unknown test user and a wrong test password, naming the option', async () => {
    const user = await sandbox().fail('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
      options: { override_username: 'user_nobody' },
    });
    expect(user.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'INVALID_CREDENTIALS' });
    expect(user.body.error_message).toContain('options.override_username');
    const password = await sandbox().fail('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
      options: { override_username: 'user_good', override_password: 'wrong' },
    });
    expect(password.body.error_message).toContain('options.override_password');
  });

  it('refuses an unknown institution and a product the institution lacks', async () => {
    const unknown = await sandbox().fail('sandboxPublicTokenCreate', {
      institution_id: 'ins_999999',
      initial_products: ['auth'],
    });
    expect(unknown.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_INSTITUTION' });
    const product = await sandbox().fail('sandboxPublicTokenCreate', {
      institution_id: 'ins_117650',
      initial_products: ['investments'],
    });
    expect(product.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'PRODUCTS_NOT_SUPPORTED' });
  });

  it('creates a processor token of the form processor-sandbox-<id> for a new Item', async () => {
    const { processor_token } = await sandbox().ok('sandboxProcessorTokenCreate', { institution_id: 'ins_109508' });
    expect(processor_token).toMatch(/^processor-sandbox-\S+$/);
  });

  it('imports an Item and returns a working access token', async () => {
    const { access_token } = await sandbox().ok('itemImport', {
      products: ['auth'],
      user_auth: { user_id: 'user-1', auth_token: 'token-1' },
    });
    await sandbox().ok('itemWebhookUpdate', { access_token, webhook: 'https://www.example.com/hook' });
  });

  it('refuses /item/import to a client without an exchange integration (the demo client)', async () => {
    const reply = await sandbox().fail(
      'itemImport',
      { products: ['auth'], user_auth: { user_id: 'user-1', auth_token: 'token-1' } },
      'demo',
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      error_type: 'INVALID_INPUT',
      error_code: 'PRODUCT_NOT_ENABLED',
      error_message: 'your client account is not enabled for /item/import: no exchange integration is set up',
    });
  });

  it('refuses webhook URLs the sandbox never calls', async () => {
    const { access_token } = await newItem();
    for (const webhook of [
      'http://169.254.169.254/latest',
      'http://[fe80::1]/x',
      'http://metadata.google.internal/',
      'http://168.63.129.16/machine',
      'http://[fd00:ec2::23]/latest',
      'http://[::ffff:168.63.129.16]/x',
    ]) {
      const reply = await sandbox().fail('itemWebhookUpdate', { access_token, webhook });
      expect(reply.body).toMatchObject({ error_code: 'INVALID_FIELD' });
      expect(reply.body.error_message).toContain('webhook');
    }
  });

  it('never repeats a credential of a refused webhook URL: no user name, password or query in the error', async () => {
    const { access_token } = await newItem();
    for (const webhook of [
      'https://hook-user:s3cr3t-pass@example.com/hooks?token=q-s3cr3t',
      'http://169.254.169.254/latest?token=q-s3cr3t',
    ]) {
      const reply = await sandbox().fail('itemWebhookUpdate', { access_token, webhook });
      expect(reply.body).toMatchObject({ error_code: 'INVALID_FIELD' });
      const text = JSON.stringify(reply.body);
      for (const secret of ['hook-user', 's3cr3t-pass', 'q-s3cr3t']) {
        expect(text).not.toContain(secret);
      }
      expect(reply.body.error_message).toMatch(/\*\*\*/);
    }
  });
});
