/**
 * The user calls a client component makes, through the BFF (lib/bff/client.ts). Typed by the contract
 * (type imports only: no zod reaches the browser).
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { BodyOf } from '@/lib/contract/define';

type U = typeof contract.users;
type Query = Record<string, string | number | undefined>;

export const userApi = {
  list: (query: Query, signal?: AbortSignal) => bff<U['users']>('GET', 'user/users', { query, signal }),
  profile: (username: string, signal?: AbortSignal) => bff<U['profile']>('GET', 'user/profile', { query: { username }, signal }),
  roles: (firm: number, signal?: AbortSignal) => bff<U['roles']>('GET', 'user/roles', { query: { firm }, signal }),
  verifyUsername: (username: string, signal?: AbortSignal) =>
    bff<U['verifyUsername']>('GET', 'user/verifyUsername', { query: { username }, signal }),
  save: (body: BodyOf<U['saveUser']>) => bff<U['saveUser']>('POST', 'user/saveUser', { body }),
  /** A user's new password; their own needs the current one too. */
  saveCredentials: (body: BodyOf<U['saveCredentials']>) => bff<U['saveCredentials']>('POST', 'user/saveCredentials', { body }),
  saveUsername: (user: number, username: string) => bff<U['saveUserEmail']>('GET', 'user/saveUserEmail', { query: { user, username } }),
  activate: (users: readonly { username: string }[], active: boolean) =>
    bff<U['activateUsers']>('POST', 'user/activateUsers', { body: users.map((u) => ({ username: u.username, token: active ? 1 : 0 })) }),
  updateParams: (body: BodyOf<U['updateUserParams']>) => bff<U['updateUserParams']>('POST', 'user/updateUserParams', { body }),
  remove: (users: readonly number[]) => bff<U['deleteUsers']>('POST', 'user/deleteUsers', { body: { users: [...users] } }),
  locations: (user: number, signal?: AbortSignal) =>
    bff<U['userLocations']>('GET', 'user/userLocations', { query: { user, isAll: true }, signal }),
  saveLocations: (links: BodyOf<U['saveUserLocations']>) => bff<U['saveUserLocations']>('POST', 'user/saveUserLocations', { body: links }),
};
