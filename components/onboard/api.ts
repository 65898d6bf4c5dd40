/**
 * The onboard calls client components make, through the BFF (lib/bff/client.ts). Typed by the contract
 * (type imports only: no zod reaches the browser).
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { BodyOf } from '@/lib/contract/define';

type O = typeof contract.onboard;

export const onboardApi = {
  /** An invitation to set up a location under `parent`; answers its id (the link's) and when it expires. */
  invite: (body: BodyOf<O['onboardInvite']>) => bff<O['onboardInvite']>('POST', 'firm/onboardInvite', { body }),
};
