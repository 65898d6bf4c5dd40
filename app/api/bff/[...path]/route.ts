import { forward } from '@/lib/bff/forward';

export const dynamic = 'force-dynamic';
export { forward as GET, forward as POST, forward as PUT, forward as DELETE, forward as PATCH };
