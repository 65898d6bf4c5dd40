/**
 * A firm's ALLDATA account (alldata/account, alldata/setToken) and the stand-in ALLDATA authorization
 * server (stand-in.ts). The stand-in is configured from the host's environment:
 *   API_HOST_ALLDATA_CLIENT_ID      the client it accepts (default adas-desk)
 *   API_HOST_ALLDATA_CLIENT_SECRET  its secret (default the embedded default's, as the app's own default)
 *   API_HOST_ALLDATA_REDIRECT_URIS  registered redirect URIs, comma-separated (default APP_PUBLIC_URL + /alldataApproval)
 *   API_HOST_ALLDATA_TOKEN_TTL      access-token lifetime in seconds (default 3600)
 * and the key the firms' tokens are sealed with, API_HOST_ALLDATA_KEY (main.ts; token-box.ts).
 */
import type { Area } from '../core/area';
import { alldataCalls } from './calls';
import { ALLDATA_DROP_PLAIN_TOKENS, ALLDATA_SCHEMA, ALLDATA_TICKET_SCHEMA } from './schema';
import { seedAlldata } from './seed';
import { mountAlldataStandIn, standInEnv } from './stand-in';

export const alldata: Area = {
  name: 'alldata',
  migrations: [ALLDATA_SCHEMA, ALLDATA_TICKET_SCHEMA, ALLDATA_DROP_PLAIN_TOKENS],
  calls: alldataCalls,
  seed: seedAlldata,
  routes(app, ctx) {
    const e = standInEnv();
    const redirectUris = e.API_HOST_ALLDATA_REDIRECT_URIS?.split(',')
      .map((u) => u.trim())
      .filter(Boolean) ?? [new URL('/alldataApproval', ctx.appUrl ?? 'http://localhost:3000').href];
    mountAlldataStandIn(app, ctx.db, {
      clientId: e.API_HOST_ALLDATA_CLIENT_ID,
      clientSecret: e.API_HOST_ALLDATA_CLIENT_SECRET,
      redirectUris,
      tokenTtl: e.API_HOST_ALLDATA_TOKEN_TTL,
    });
  },
};
