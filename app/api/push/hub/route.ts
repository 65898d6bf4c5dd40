/** The push hub as the browser sees it: event stream or long poll (GET), sends (POST), close (DELETE). See lib/push/server.ts. */
import { pushClose, pushConnect, pushSend } from '@/lib/push/server';

export const dynamic = 'force-dynamic';
export { pushConnect as GET, pushSend as POST, pushClose as DELETE };
