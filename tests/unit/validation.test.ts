import { describe, expect, it } from 'vitest';
import { collect, failure, serverFieldErrors } from '@/lib/validation/field-errors';
import { email, minmax, required, validate } from '@/lib/validation/fields';
import { MESSAGES } from '@/lib/validation/messages';
import { isStrongPassword, passwordPairError } from '@/lib/validation/password';
import { safeCallback, loginUrl } from '@/lib/auth/redirects';

describe('field rules', () => {
  it('uses the specification texts', () => {
    expect(validate('  ', [required])).toBe('This field is required');
    expect(validate('a@b', [required, email])).toBe('Required, formatted email address');
    expect(validate('role1@example.com', [required, email])).toBeNull();
    expect(validate('ab', [minmax('Name', 3, 10)])).toBe('The Name must alphanumeric (min: 3, max: 10)');
  });
});

describe('password rule', () => {
  it.each([
    ['Demo#2026', true],
    ['demo#2026', false],
    ['DEMO#2026', false],
    ['Demo2026x', false],
    ['De#26', false],
    ['Abcdefg!1', true],
  ])('%s strong=%s', (pw, strong) => expect(isStrongPassword(pw)).toBe(strong));

  it('gives the three messages in order of precedence', () => {
    expect(passwordPairError('', '')).toBe('Please supply a password.');
    expect(passwordPairError('Demo#2026', 'Demo#2027')).toBe("Passwords don't match.");
    expect(passwordPairError('weak', 'weak')).toBe(MESSAGES.passwordWeak);
    expect(MESSAGES.passwordWeak).toBe(
      "Password doesn't meet minimum strength of special characters (!@#$%^&*), lower case (a-z), upper case (A-Z) and numbers (0-9), and at least 8 characters in length.",
    );
    expect(passwordPairError('Demo#2026', 'Demo#2026')).toBeNull();
  });
});

describe('redirects after sign-in stay on the site', () => {
  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '',
    '/login',
    '/api/auth/signout',
    // Paths that normalise to a protocol-relative one: the value returned is what is checked.
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/%2e%2e//evil.example/x',
    '/a/..//evil.example',
  ])('%s → /', (v) => expect(safeCallback(v)).toBe('/'));
  it('keeps a same-site path with its query', () => {
    expect(safeCallback('/contacts?page=2&sort=name')).toBe('/contacts?page=2&sort=name');
    expect(loginUrl('/contacts?page=2')).toBe('/login?callbackUrl=%2Fcontacts%3Fpage%3D2');
    expect(loginUrl('/')).toBe('/login');
  });
});

describe('field errors of a refused save (the one mapper every form uses)', () => {
  it('names a field by the first segment of its path, keeping the first message', () => {
    expect(serverFieldErrors({ 'links.0.url': ['An http(s) address'], 'links.1.url': ['Other'], title: ['Required', 'Too long'] })).toEqual(
      {
        links: 'An http(s) address',
        title: 'Required',
      },
    );
  });

  it('names the paths of a part of the body the form shows among its own fields by their next segment', () => {
    const fe = { 'vehicle.vin': ['A VIN has 17 characters'], ronumber: ['Required'] };
    expect(serverFieldErrors(fe, 'vehicle')).toEqual({ vin: 'A VIN has 17 characters', ronumber: 'Required' });
    expect(serverFieldErrors(fe)).toEqual({ vehicle: 'A VIN has 17 characters', ronumber: 'Required' });
  });

  it('gives the text of a refused call, or a plain one when it has none', () => {
    const refused = Object.assign(new Error('The email is already used.'), { fieldErrors: { email: ['Used'] } });
    expect(failure(refused)).toEqual({ message: 'The email is already used.', fields: { email: 'Used' } });
    expect(failure(new Error(''))).toEqual({ message: 'The record could not be saved.', fields: {} });
    expect(failure(null).fields).toEqual({});
  });

  it('collects only the checks that found something', () => {
    expect(collect({ a: null, b: 'Required', c: undefined, d: '' })).toEqual({ b: 'Required' });
  });
});
