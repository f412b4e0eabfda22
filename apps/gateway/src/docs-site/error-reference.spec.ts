import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderErrorReference } from './error-reference';

describe('the error reference', () => {
  it('is the one the error catalogue renders (run npm run docs:errors after changing a code)', () => {
    expect(readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'errors.md'), 'utf8')).toBe(renderErrorReference());
  });
});
