import { CsrfTokens, readCookie } from './csrf';

describe('CSRF tokens of the customer pages', () => {
  const csrf = new CsrfTokens(Buffer.from('unit-test-key-unit-test-key-0001'));
  const token = 'pt_0123456789abcdef';

  describe('a page on our own site (double submit)', () => {
    const cookieValue = csrf.newCookieValue();
    const field = csrf.fieldFor(cookieValue, token);

    it('accepts the field that belongs to the cookie and the page, from any site', () => {
      expect(csrf.verify({ cookieValue, fetchSite: undefined }, token, field)).toBe(true);
      expect(csrf.verify({ cookieValue, fetchSite: 'same-origin' }, token, field)).toBe(true);
    });

    it('refuses the field without its cookie, with another cookie or for another page', () => {
      expect(csrf.verify({ cookieValue: undefined, fetchSite: 'same-origin' }, token, field)).toBe(false);
      expect(csrf.verify({ cookieValue: csrf.newCookieValue(), fetchSite: 'same-origin' }, token, field)).toBe(false);
      expect(csrf.verify({ cookieValue, fetchSite: 'same-origin' }, 'pt_another', field)).toBe(false);
    });
  });

  describe('a page a merchant may frame (no cookie)', () => {
    const field = csrf.framedFieldFor(token);

    it('accepts the field only from a post the browser says came from our own origin', () => {
      expect(csrf.verify({ cookieValue: undefined, fetchSite: 'same-origin' }, token, field, true)).toBe(true);
      for (const fetchSite of ['cross-site', 'same-site', 'none', undefined]) {
        expect(csrf.verify({ cookieValue: undefined, fetchSite }, token, field, true)).toBe(false);
      }
    });

    it('is refused by a form no merchant may frame, even from our own origin', () => {
      expect(csrf.verify({ cookieValue: undefined, fetchSite: 'same-origin' }, token, field)).toBe(false);
    });

    it('refuses the field of another page, and a cookie does not make a framed field valid elsewhere', () => {
      expect(csrf.verify({ cookieValue: undefined, fetchSite: 'same-origin' }, 'pt_another', field, true)).toBe(false);
      expect(csrf.verify({ cookieValue: csrf.newCookieValue(), fetchSite: 'cross-site' }, token, field, true)).toBe(false);
    });

    it('is not computable without the key', () => {
      const otherKey = new CsrfTokens(Buffer.from('another-key-another-key-00000002'));
      expect(csrf.verify({ cookieValue: undefined, fetchSite: 'same-origin' }, token, otherKey.framedFieldFor(token), true)).toBe(false);
    });
  });

  it('refuses a missing, empty or non-string field', () => {
    const cookieValue = csrf.newCookieValue();
    for (const field of [undefined, '', 42, ['x'], { csrf: 'x' }]) {
      expect(csrf.verify({ cookieValue, fetchSite: 'same-origin' }, token, field)).toBe(false);
    }
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; cko_csrf=abc=def; b=2', 'cko_csrf')).toBe('abc=def');
    expect(readCookie(undefined, 'cko_csrf')).toBeUndefined();
    expect(readCookie('cko_csrfx=1', 'cko_csrf')).toBeUndefined();
  });
});
