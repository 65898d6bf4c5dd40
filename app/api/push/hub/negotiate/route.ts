/** SignalR negotiate, forwarded to the hub with the session's bearer. See lib/push/server.ts. */
import { pushNegotiate } from '@/lib/push/server';

export const dynamic = 'force-dynamic';
export { pushNegotiate as POST };
