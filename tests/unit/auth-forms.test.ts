import { describe, expect, it } from 'vitest';
import { afterSignIn, afterSignInPath, passwordsDiffer, resetPasswordInput, signUpInput } from '@shared/auth-forms';

// Issue 19: where /auth sends a signed-in visitor (the route's redirect with scripts, the sign-in form's
// POST without) and what the account forms send, one rule for both paths.

describe('afterSignIn', () => {
  it('goes to the start page, or back to a path of this site', () => {
    expect(afterSignIn({})).toEqual({ to: '/', search: {} });
    expect(afterSignIn({ redirect: '/blog?category=Team#top' })).toEqual({ to: '/blog', search: { category: 'Team' }, hash: 'top' });
    expect(afterSignIn({ redirect: '//evil.test' })).toEqual({ to: '/', search: {} });
  });

  it('keeps the language of the sign-in page, unless the return path names its own', () => {
    expect(afterSignIn({ lang: 'en' })).toEqual({ to: '/', search: { lang: 'en' } });
    expect(afterSignIn({ redirect: '/checkout', lang: 'fr' })).toEqual({ to: '/checkout', search: { lang: 'fr' } });
    expect(afterSignIn({ redirect: '/checkout?lang=de', lang: 'fr' })).toEqual({ to: '/checkout', search: { lang: 'de' } });
    expect(afterSignIn({ lang: 'xx' })).toEqual({ to: '/', search: {} });
  });

  it('as a path for a Location header', () => {
    expect(afterSignInPath({})).toBe('/');
    expect(afterSignInPath({ redirect: '/blog?category=Team#top', lang: 'en' })).toBe('/blog?category=Team&lang=en#top');
    expect(afterSignInPath({ redirect: 'https://evil.test', lang: 'fr' })).toBe('/?lang=fr');
  });
});

describe('the account forms’ inputs', () => {
  it('add what the procedure needs besides the fields', () => {
    const values = { firstName: 'Grace', lastName: 'Hopper', email: 'g@example.org', password: 'cobol1959' };
    expect(signUpInput(values, 'fr')).toEqual({ ...values, locale: 'fr' });
    expect(resetPasswordInput({ password: 'new-password', repeat: 'new-password' }, 'token')).toEqual({
      token: 'token',
      password: 'new-password',
    });
  });

  it('notice a repetition that differs', () => {
    expect(passwordsDiffer({ password: 'abcdef', repeat: 'abcdef' })).toBe(false);
    expect(passwordsDiffer({ password: 'abcdef', repeat: 'abcdeg' })).toBe(true);
  });
});
