/**
 * A BFF call cannot be untyped (lib/bff/client.ts): the call's type must be named, be a contract call with
 * its literal path, and the method, path and body be its own. The checks are the compiler's (`npm run
 * typecheck` fails if an @ts-expect-error below compiles); the test only keeps the file in the suite.
 */
import { describe, expect, it } from 'vitest';
import { bff, bffUpload } from '../../lib/bff/client';
import type { CallDef } from '../../lib/contract/define';
import type { profile } from '../../lib/contract/users';

function calls() {
  // @ts-expect-error the call's type is not named: no call compiles
  void bff('GET', 'no/such/call', { body: { anything: 1 } });
  // @ts-expect-error the bare CallDef types no call
  void bff<CallDef>('GET', 'no/such/call');
  // @ts-expect-error a path that is not the call's own
  void bff<typeof profile>('GET', 'user/other');
  // @ts-expect-error a method that is not the call's own
  void bff<typeof profile>('POST', 'user/profile');
  // @ts-expect-error a query field the call does not take
  void bff<typeof profile>('GET', 'user/profile', { query: { user: 'a@b.c' } });
  // @ts-expect-error an upload's type is not named
  void bffUpload('storage/upload', [], { field: 'file', folder: 1 });
  // The call's own type, method, path and query compile.
  void bff<typeof profile>('GET', 'user/profile', { query: { username: 'a@b.c' } });
}

describe('BFF calls', () => {
  it('are typed by their contract call (checked by the compiler)', () => {
    expect(calls).toBeTypeOf('function');
  });
});
