/** The push area's public module: what other areas use of it (README "Areas"). */
export { PushClient } from './push-client';
