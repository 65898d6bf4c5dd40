/** The push hub as the browser sees it: event stream or long poll (GET), sends (POST), close (DELETE). See lib/push/server.ts. */
import { pushClose, pushConnect, pushSend } from '@/lib/push/server';
import { serveDirectly } from '@/lib/http-direct';
import { optionsAnswer } from '@/lib/security-headers';

const options = optionsAnswer('GET, POST, DELETE, OPTIONS');

export const dynamic = 'force-dynamic';
export { pushConnect as GET, pushSend as POST, pushClose as DELETE, options as OPTIONS };

// Once Next has loaded this module, the same handlers answer from the HTTP entry (lib/http-direct.ts).
serveDirectly('/api/push/hub', { GET: pushConnect, POST: pushSend, DELETE: pushClose, OPTIONS: options });
