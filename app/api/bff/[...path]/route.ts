import { forward } from '@/lib/bff/forward';
import { BFF_PREFIX } from '@/lib/bff/protocol';
import { serveDirectly } from '@/lib/http-direct';

export const dynamic = 'force-dynamic';
export { forward as GET, forward as POST, forward as PUT, forward as DELETE, forward as PATCH };

// Once Next has loaded this module, the BFF's GETs and POSTs (every contract call) reach `forward` from the
// HTTP entry without Next's route pipeline (lib/http-direct.ts); other methods still come through Next.
serveDirectly(BFF_PREFIX, { GET: forward, POST: forward });
