/** What every call and area hook is given of the running host: its database, tokens, folders, secrets, logger and push hub. */
import pino, { type Logger } from 'pino';
import type { Db } from './db';
import type { PushSink } from './push';
import type { TokenService } from './tokens';

export interface HostContext {
  db: Db;
  tokens: TokenService;
  /** Where uploaded files are kept, one folder per firm (api-host/files). */
  filesDir: string;
  /** The shared secret of calls with access 'service' (APP_LOG_SECRET); without it they answer 401. */
  serviceSecret?: string;
  /**
   * The auth host's anonymous calls answer only requests with the service secret (APP_ENV=prod): in
   * production only the app's server signs users in, resets passwords and redeems sign-in links.
   */
  authForServiceOnly?: boolean;
  /** The key a firm's ALLDATA tokens are sealed with at rest (API_HOST_ALLDATA_KEY; alldata/token-box.ts). */
  alldataKey?: string;
  /** The host's logger (api-host/log/logger.ts), writing to the application log; silent when absent. */
  log?: Logger;
  /** The app's public origin, for links in mails (APP_PUBLIC_URL). */
  appUrl?: string;
  /** The push hub, once mounted (api-host/push); calls that cause push messages send through it. */
  push?: PushSink;
}

const SILENT = pino({ enabled: false });
/** The host's logger, or a silent one (tests build hosts without one). */
export const hostLog = (ctx: HostContext, area?: string): Logger => (area ? (ctx.log ?? SILENT).child({ area }) : (ctx.log ?? SILENT));
