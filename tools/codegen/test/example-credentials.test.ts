import { describe, expect, it } from 'vitest';
import { exampleCredentials, generateExamples } from '../src/index.js';

const schemas = (clientId: unknown, secret: unknown) => ({
  components: { schemas: { ClientId: { examples: [clientId] }, Secret: { examples: [secret] } } },
});

describe('exampleCredentials', () => {
  it('takes the first example of ClientId and Secret', () => {
    expect(exampleCredentials(schemas('id-1', 'secret-1'))).toEqual({ clientId: 'id-1', secret: 'secret-1' });
  });

  it.each([
    ['no example for ClientId', schemas(undefined, 's'), 'components.schemas.ClientId has no string example'],
    ['an empty Secret example', schemas('id', ''), 'components.schemas.Secret has no string example'],
    ['no schemas', {}, 'components.schemas.ClientId'],
  ])('refuses %s', (_name, document, message) => {
    expect(() => exampleCredentials(document)).toThrow(message);
  });
});

describe('generateExamples', () => {
  it('writes EXAMPLE_CREDENTIALS under the banner', () => {
    const out = generateExamples(schemas('id-1', 'secret-1'));
    expect(out).toContain('GENERATED FILE, DO NOT EDIT');
    expect(out).toContain(
      "export const EXAMPLE_CREDENTIALS = {\n  clientId: 'id-1',\n  secret: 'secret-1',\n} as const;",
    );
  });
});
