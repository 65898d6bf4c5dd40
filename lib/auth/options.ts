/**
 * next-auth (v4, JWT strategy): username/password and SSO temp-token sign-in against the auth host. The
 * password step (lib/auth/sign-in.ts) throttles and counts the very values next-auth parsed and checks.
 */
import { randomUUID } from 'node:crypto';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { callUpstream } from '../api/upstream';
import { contract } from '../contract';
import { config } from '../config';
import { CALLBACK_COOKIE, COOKIE_OPTIONS, CSRF_COOKIE, SESSION_COOKIE } from './cookies';
import { decodeSession, encodeSession } from './jwt';
import { endSignedInSession } from './logout';
import { safeCallback } from './redirects';
import { SESSION_MAX_AGE_S, endSession } from './revocation';
import { passwordSignIn, userFrom } from './sign-in';

export function authOptions(): NextAuthOptions {
  return {
    secret: config().AUTH_SECRET,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_S },
    jwt: { encode: encodeSession, decode: decodeSession },
    cookies: {
      sessionToken: { name: SESSION_COOKIE, options: COOKIE_OPTIONS },
      csrfToken: { name: CSRF_COOKIE, options: COOKIE_OPTIONS },
      callbackUrl: { name: CALLBACK_COOKIE, options: COOKIE_OPTIONS },
    },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Username and password',
        credentials: { username: { type: 'email' }, password: { type: 'password' } },
        authorize: (credentials, req) => passwordSignIn(credentials, req.headers),
      }),
      CredentialsProvider({
        id: 'sso',
        name: 'Single sign-on link',
        credentials: { token: { type: 'text' } },
        async authorize(credentials) {
          const answer = await callUpstream(contract.auth.redeemTempToken, { body: { token: credentials?.token ?? '' } });
          return userFrom(answer);
        },
      }),
    ],
    events: {
      // A usage record per sign-in; never blocks or fails the sign-in itself.
      async signIn({ user, account }) {
        const body = { area: 'auth', action: 'signIn', detail: account?.provider ?? 'credentials' };
        await callUpstream(contract.data.saveUsage, { body }, user.apiToken).catch(() => undefined);
      },
      // Logout ends the session itself, not only the browser's copy of the cookie: recorded as ended here,
      // and the API token revoked at the host.
      async signOut({ token }) {
        if (typeof token?.sid === 'string' && token.profile && typeof token.apiToken === 'string')
          await endSignedInSession(token.sid, token.profile.exp * 1000, token.apiToken);
        else if (typeof token?.sid === 'string' && token.profile) await endSession(token.sid, token.profile.exp * 1000);
      },
    },
    callbacks: {
      jwt({ token, user }) {
        if (user) return { sub: user.id, apiToken: user.apiToken, profile: user.profile, sid: randomUUID(), signedInAt: Date.now() };
        return token;
      },
      // What the browser may learn from /api/auth/session: the name only, never the API token.
      session({ session, token }) {
        const p = token.profile;
        return { expires: session.expires, user: { name: p ? `${p.firstName} ${p.lastName}` : undefined } };
      },
      // Only this site: `startsWith(baseUrl)` would let `https://site.example.evil.example` or
      // `http://site:3000@evil.example` through, so compare origins and pass the path through safeCallback.
      redirect({ url, baseUrl }) {
        const origin = new URL(baseUrl).origin;
        if (!URL.canParse(url)) return `${origin}${safeCallback(url)}`;
        const target = new URL(url);
        return target.origin === origin ? `${origin}${safeCallback(target.pathname + target.search + target.hash)}` : baseUrl;
      },
    },
  };
}
