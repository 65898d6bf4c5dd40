/**
 * The app as ALLDATA's OAuth 2.0 client (server only: the client secret, the verifier and the tokens never
 * reach the browser). openid-client (panva) builds the authorization URL with a PKCE S256 challenge and
 * performs the authorization code grant, checking the state and sending the verifier.
 */
import 'server-only';
import * as oauth from 'openid-client';
import { config } from '../config';
import { ALLDATA_SCOPE } from './scope';

let cached: { key: string; value: oauth.Configuration } | null = null;

function oauthConfig(): oauth.Configuration {
  const c = config();
  const key = `${c.ALLDATA_URL} ${c.ALLDATA_CLIENT_ID}`;
  if (cached?.key === key) return cached.value;
  const base = new URL(c.ALLDATA_URL.endsWith('/') ? c.ALLDATA_URL : `${c.ALLDATA_URL}/`);
  const server: oauth.ServerMetadata = {
    issuer: base.href,
    authorization_endpoint: new URL('oauth/authorize', base).href,
    token_endpoint: new URL('oauth/token', base).href,
  };
  const value = new oauth.Configuration(server, c.ALLDATA_CLIENT_ID, undefined, oauth.ClientSecretBasic(c.ALLDATA_CLIENT_SECRET));
  value.timeout = Math.ceil(c.UPSTREAM_TIMEOUT_MS / 1000);
  // The embedded stand-in speaks plain http on the loopback interface; the real service is https.
  if (base.protocol === 'http:') oauth.allowInsecureRequests(value);
  cached = { key, value };
  return value;
}

/** Where ALLDATA sends the user back: registered with ALLDATA as the client's redirect URI. */
export const redirectUri = () => new URL('/alldataApproval', config().NEXTAUTH_URL).href;

/** A new authorization request: the URL to send the user to, and the state and verifier to seal. */
export async function startAuthorization(): Promise<{ url: string; state: string; verifier: string }> {
  const verifier = oauth.randomPKCECodeVerifier();
  const state = oauth.randomState();
  const url = oauth.buildAuthorizationUrl(oauthConfig(), {
    redirect_uri: redirectUri(),
    scope: ALLDATA_SCOPE,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, state, verifier };
}

export interface AlldataTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scope: string;
}

/** Why an exchange failed: ALLDATA refused the code, or could not be reached. */
export class ExchangeError extends Error {
  constructor(readonly kind: 'codeRefused' | 'unreachable') {
    super(kind);
  }
}

/** Exchanges the callback's code (with the verifier) for the firm's tokens. */
export async function exchangeCode(callback: URLSearchParams, state: string, verifier: string): Promise<AlldataTokens> {
  const current = new URL(redirectUri());
  current.search = callback.toString();
  try {
    const answer = await oauth.authorizationCodeGrant(oauthConfig(), current, { expectedState: state, pkceCodeVerifier: verifier });
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? '',
      expiresIn: answer.expiresIn() ?? 3600,
      scope: answer.scope ?? ALLDATA_SCOPE,
    };
  } catch (e) {
    if (e instanceof oauth.ResponseBodyError || (e as { status?: number }).status === 400 || (e as { status?: number }).status === 401)
      throw new ExchangeError('codeRefused');
    throw new ExchangeError('unreachable');
  }
}
