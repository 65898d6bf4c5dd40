import { bffOptions, forward } from '@/lib/bff/forward';
import { BFF_PREFIX } from '@/lib/bff/protocol';
import { serveDirectly } from '@/lib/http-direct';

export const dynamic = 'force-dynamic';
export { forward as GET, forward as POST, forward as PUT, forward as DELETE, forward as PATCH, bffOptions as OPTIONS };

// Once Next has loaded this module, the BFF's GETs and POSTs (every contract call) reach `forward` from the
// HTTP entry without Next's route pipeline (lib/http-direct.ts), and its OPTIONS; other methods still come
// through Next (and those Next does not route are answered 405 at the entry: lib/http-guard.ts).
serveDirectly(BFF_PREFIX, { GET: forward, POST: forward, OPTIONS: bffOptions });
