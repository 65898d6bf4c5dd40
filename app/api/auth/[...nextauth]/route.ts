import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { throttledSignIn } from '@/lib/auth/throttle';

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: Ctx) {
  const run = async (request: Request) => NextAuth(request as never, { params: await ctx.params } as never, authOptions()) as Promise<Response>;
  return throttledSignIn(req, await ctx.params, run);
}

export { handler as GET, handler as POST };
