/**
 * A firm's ALLDATA account (alldata/account, alldata/setToken) and the stand-in ALLDATA authorization
 * server (stand-in.ts). The stand-in is configured from the host's environment:
 *   API_HOST_ALLDATA_CLIENT_ID      the client it accepts (default adas-desk)
 *   API_HOST_ALLDATA_CLIENT_SECRET  its secret (default the embedded default's, as the app's own default)
 *   API_HOST_ALLDATA_REDIRECT_URIS  registered redirect URIs, comma-separated (default APP_PUBLIC_URL + /alldataApproval)
 *   API_HOST_ALLDATA_TOKEN_TTL      access-token lifetime in seconds (default 3600)
 */
import { z } from 'zod';
import { EMBEDDED_ALLDATA_CLIENT } from '../../lib/config';
import type { Area } from '../areas';
import { alldataCalls } from './calls';
import { ALLDATA_SCHEMA } from './schema';
import { seedAlldata } from './seed';
import { mountAlldataStandIn } from './stand-in';

const env = z.object({
  API_HOST_ALLDATA_CLIENT_ID: z.string().min(1).default(EMBEDDED_ALLDATA_CLIENT.id),
  API_HOST_ALLDATA_CLIENT_SECRET: z.string().min(8).default(EMBEDDED_ALLDATA_CLIENT.secret),
  API_HOST_ALLDATA_REDIRECT_URIS: z.string().optional(),
  API_HOST_ALLDATA_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(3600),
});

export const alldata: Area = {
  name: 'alldata',
  migrations: [ALLDATA_SCHEMA],
  calls: alldataCalls,
  seed: seedAlldata,
  routes(app, ctx) {
    const e = env.parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
    const redirectUris = e.API_HOST_ALLDATA_REDIRECT_URIS?.split(',').map((u) => u.trim()).filter(Boolean) ?? [
      new URL('/alldataApproval', ctx.appUrl ?? 'http://localhost:3000').href,
    ];
    mountAlldataStandIn(app, ctx.db, { clientId: e.API_HOST_ALLDATA_CLIENT_ID, clientSecret: e.API_HOST_ALLDATA_CLIENT_SECRET, redirectUris, tokenTtl: e.API_HOST_ALLDATA_TOKEN_TTL });
  },
};
