/** SignalR negotiate, forwarded to the hub with the session's bearer. See lib/push/server.ts. */
import { pushNegotiate } from '@/lib/push/server';
import { serveDirectly } from '@/lib/http-direct';
import { optionsAnswer } from '@/lib/security-headers';

const options = optionsAnswer('POST, OPTIONS');

export const dynamic = 'force-dynamic';
export { pushNegotiate as POST, options as OPTIONS };

// Once Next has loaded this module, the same handler answers from the HTTP entry (lib/http-direct.ts).
serveDirectly('/api/push/hub/negotiate', { POST: pushNegotiate, OPTIONS: options });
