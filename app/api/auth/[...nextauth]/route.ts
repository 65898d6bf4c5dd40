import NextAuth from 'next-auth';
import { boundToTokenExpiry } from '@/lib/auth/cookie-expiry';
import { authOptions } from '@/lib/auth/options';
import { signInRoute } from '@/lib/auth/sign-in';

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: Ctx) {
  const params = await ctx.params;
  const run = async (request: Request) => NextAuth(request as never, { params } as never, authOptions()) as Promise<Response>;
  return boundToTokenExpiry(await signInRoute(req, params.nextauth, run));
}

export { handler as GET, handler as POST };
