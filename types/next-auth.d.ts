import type { SessionProfile } from '@/lib/contract/auth';

declare module 'next-auth' {
  interface User {
    apiToken: string;
    profile: SessionProfile;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    apiToken?: string;
    profile?: SessionProfile;
    sid?: string;
    signedInAt?: number;
  }
}
