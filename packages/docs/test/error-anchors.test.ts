/**
 * `documentation_url` of the servers started by `npm start` points at `<docs URL>#section/<error
 * type in lower case>` (`ERROR_TYPE_ANCHOR` of @svc/server-kit): the built page must have that
 * anchor for every error type of the catalogue.
 */
import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { htmlPath } from '../src/build-docs.js';

const html = readFileSync(htmlPath, 'utf8');
const catalogue = (
  JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as { 'x-error-catalogue': { types: { name: string }[] } }
)['x-error-catalogue'];

describe('the error anchors of the built page', () => {
  it.each(catalogue.types.map((type) => type.name))('has #section/%s in lower case', (name) => {
    expect(html).toContain(`id="section/${name.toLowerCase()}"`);
  });
});
