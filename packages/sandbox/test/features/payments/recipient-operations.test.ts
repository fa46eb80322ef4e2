import { expect, it } from 'vitest';
import { CANONICAL_EUR_RECIPIENT, CANONICAL_UK_RECIPIENT } from '../../../src/features/payments/canonical.js';
import { describeEngines } from '../../support/harness.js';
import { ukRecipient } from '../../support/payment-fixtures.js';

describeEngines('payment recipients', (sandbox) => {
  it('reads the canonical recipients of the docs, oldest first, for the default client only', async () => {
    const uk = await sandbox().ok('paymentInitiationRecipientGet', {
      recipient_id: CANONICAL_UK_RECIPIENT.recipientId,
    });
    expect(uk).toMatchObject({ recipient_id: CANONICAL_UK_RECIPIENT.recipientId, ...CANONICAL_UK_RECIPIENT.details });
    const { recipients } = await sandbox().ok('paymentInitiationRecipientList', {});
    expect(recipients.slice(0, 2).map((recipient) => recipient.recipient_id)).toEqual([
      CANONICAL_UK_RECIPIENT.recipientId,
      CANONICAL_EUR_RECIPIENT.recipientId,
    ]);
    const demo = await sandbox().ok('paymentInitiationRecipientList', {}, 'demo');
    expect(demo.recipients).toEqual([]);
    const hidden = await sandbox().fail(
      'paymentInitiationRecipientGet',
      { recipient_id: CANONICAL_UK_RECIPIENT.recipientId },
      'demo',
    );
    expect(hidden.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_RECIPIENT_ID' });
  });

  it('is idempotent: identical details give the same recipient_id and create nothing new', async () => {
    const before = (await sandbox().ok('paymentInitiationRecipientList', {})).recipients.length;
    const first = await ukRecipient(sandbox(), 'Idempotent Ltd');
    const again = await ukRecipient(sandbox(), 'Idempotent Ltd');
    expect(again).toBe(first);
    expect(first).toMatch(/^recipient-id-sandbox-[0-9a-f-]{36}$/);
    const { recipients } = await sandbox().ok('paymentInitiationRecipientList', {});
    expect(recipients).toHaveLength(before + 1);
    expect(recipients.at(-1)?.recipient_id).toBe(first);
  });

  it('makes a new recipient when any detail differs', async () => {
    const base = { name: 'Different Details', iban: 'GB33BUKB20201555555555' };
    const ids = new Set<string>();
    for (const body of [
      base,
      { ...base, name: 'Different Details 2' },
      { ...base, bacs: { account: '55555555', sort_code: '202015' } },
      { ...base, address: { street: ['1 High Street'], city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' } },
      { ...base, address: { street: ['1 High Street'], city: 'York', postal_code: 'LS1 1AA', country: 'GB' } },
    ]) {
      ids.add((await sandbox().ok('paymentInitiationRecipientCreate', body)).recipient_id);
    }
    expect(ids.size).toBe(5);
  });

  it('gives one recipient to concurrent identical creations', async () => {
    const body = { name: 'Concurrent Wallet', bacs: { account: '12345678', sort_code: '112233' } };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => sandbox().ok('paymentInitiationRecipientCreate', body)),
    );
    expect(new Set(replies.map((reply) => reply.recipient_id)).size).toBe(1);
    const { recipients } = await sandbox().ok('paymentInitiationRecipientList', {});
    expect(recipients.filter((recipient) => recipient.name === 'Concurrent Wallet')).toHaveLength(1);
  });

  it('keeps recipients per client: the same details give another client its own recipient', async () => {
    const mine = await ukRecipient(sandbox(), 'Shared Details');
    const theirs = await ukRecipient(sandbox(), 'Shared Details', 'demo');
    expect(theirs).not.toBe(mine);
    const reply = await sandbox().fail('paymentInitiationRecipientGet', { recipient_id: mine }, 'demo');
    expect(reply.body.error_code).toBe('INVALID_RECIPIENT_ID');
  });

  it('accepts an IBAN only or BACS details only, and reports what was given', async () => {
    const ibanOnly = await sandbox().ok('paymentInitiationRecipientCreate', {
      name: 'Iban Only',
      iban: 'FR1420041010050500013M02606',
    });
    const bacsOnly = await sandbox().ok('paymentInitiationRecipientCreate', {
      name: 'Bacs Only',
      bacs: { account: '87654321', sort_code: '403020' },
    });
    expect(await sandbox().ok('paymentInitiationRecipientGet', { recipient_id: ibanOnly.recipient_id })).toMatchObject({
      iban: 'FR1420041010050500013M02606',
      bacs: null,
      address: null,
    });
    expect(await sandbox().ok('paymentInitiationRecipientGet', { recipient_id: bacsOnly.recipient_id })).toMatchObject({
      iban: null,
      bacs: { account: '87654321', sort_code: '403020' },
    });
  });

  it('refuses a recipient with neither an IBAN nor BACS details', async () => {
    const reply = await sandbox().fail('paymentInitiationRecipientCreate', { name: 'Nothing' });
    expect(reply.status).toBe(400);
    expect(reply.body.error_type).toBe('INVALID_REQUEST');
    expect(reply.body.error_message).toMatch(/iban|bacs/);
  });

  it('verifies the IBAN check digits', async () => {
    const reply = await sandbox().fail('paymentInitiationRecipientCreate', {
      name: 'Typo',
      iban: 'GB33BUKB20201555555556',
    });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    expect(reply.body.error_message).toBe('iban GB33BUKB20201555555556 fails the ISO 13616 check-digit test');
  });

  it.each([
    [{ name: 'Istanbul', iban: 'TR330006100519786457841326' }, 'iban TR330006100519786457841326 is from TR'],
    [
      {
        name: 'New York',
        iban: 'GB33BUKB20201555555555',
        address: { street: ['1 Main St'], city: 'New York', postal_code: '10001', country: 'US' },
      },
      'address.country US is not a SEPA country',
    ],
  ])('refuses a recipient outside SEPA (%#)', async (body, message) => {
    const reply = await sandbox().fail('paymentInitiationRecipientCreate', body);
    expect(reply.body).toMatchObject({ error_type: 'PAYMENT_ERROR', error_code: 'RECIPIENT_COUNTRY_NOT_SEPA' });
    expect(reply.body.error_message).toContain(message);
  });

  it('answers an unknown recipient_id with INVALID_RECIPIENT_ID', async () => {
    const reply = await sandbox().fail('paymentInitiationRecipientGet', { recipient_id: 'recipient-id-sandbox-nope' });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_RECIPIENT_ID' });
  });
});
