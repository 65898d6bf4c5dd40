import { beforeAll, describe, expect, it } from 'vitest';
import type { NextAuthOptions } from 'next-auth';

/** next-auth's redirect callback: every URL it hands back stays on this site (no open redirects). */
describe('next-auth redirect callback', () => {
  const baseUrl = 'http://localhost:3000';
  let redirect: (url: string) => string;

  beforeAll(async () => {
    process.env.AUTH_SECRET ??= 'unit-test-secret-0123456789abcdef0123456789';
    const { authOptions } = await import('@/lib/auth/options');
    const options: NextAuthOptions = authOptions();
    redirect = (url) => options.callbacks!.redirect!({ url, baseUrl }) as string;
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'http://localhost:3000@evil.example/',
    'http://localhost:3000.evil.example/',
    'http://localhost:30000/',
    'https://localhost:3000/',
    'data:text/html,hi',
  ])('%s stays on the site', (url) => {
    expect(new URL(redirect(url)).origin).toBe(baseUrl);
  });

  it('keeps same-site paths and absolute same-origin URLs', () => {
    expect(redirect('/contacts?page=2')).toBe(`${baseUrl}/contacts?page=2`);
    expect(redirect(`${baseUrl}/adas#x`)).toBe(`${baseUrl}/adas#x`);
    expect(redirect(baseUrl)).toBe(`${baseUrl}/`);
  });
});
