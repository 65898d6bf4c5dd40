/** The app's logger bound to the current request's id (given by proxy.ts), for pages and server actions. */
import 'server-only';
import { headers } from 'next/headers';
import type { Logger } from 'pino';
import { log } from './logger';
import { REQUEST_ID_HEADER, isRequestId } from './request-id';

export async function requestLog(): Promise<Logger> {
  const id = (await headers()).get(REQUEST_ID_HEADER);
  return isRequestId(id) ? log().child({ reqId: id }) : log();
}
