/**
 * Calls are typed where they are made: `bff<typeof call>(method, path, input)` compiles only with the
 * call's own method and path (a slash-ended path named without its slash) and the contract's query and
 * body. The `@ts-expect-error` lines are the test: `npm run typecheck` fails if any of them compiles.
 */
import { describe, expect, it, vi } from 'vitest';
import { bff, type BffPath } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';

type Contacts = typeof contract.contacts.contacts;
type ContactSearch = typeof contract.contacts.contactSearch;
type SaveBlog = typeof contract.blog.saveBlog;

/** Each call is made against a stubbed fetch; only the types are under test here. */
function typedCalls() {
  void bff<Contacts>('GET', 'contact/contacts', { query: { pageSize: 10, orderBy: 'name' } });
  void bff<ContactSearch>('GET', 'contact/contactSearch', { query: { searchterm: 'avery' } });
  // @ts-expect-error another call's path
  void bff<Contacts>('GET', 'contact/vendors');
  // @ts-expect-error a path that is no call's
  void bff<Contacts>('GET', 'contact/contactz');
  // @ts-expect-error the call's method is GET
  void bff<Contacts>('POST', 'contact/contacts');
  // @ts-expect-error a sort the contract does not know
  void bff<Contacts>('GET', 'contact/contacts', { query: { orderBy: 'nonsense' } });
  // @ts-expect-error a body field of the wrong type
  void bff<SaveBlog>('POST', 'blog/saveBlog', { body: { blogName: 42 } });
}

describe('typed calls', () => {
  it('names a slash-ended contract path without its slash (the BFF maps it back)', () => {
    const bare: BffPath<ContactSearch['path']> = 'contact/contactSearch';
    expect(bare).toBe('contact/contactSearch');
  });

  it('sends the typed call as written', async () => {
    const fetch = vi.fn(
      async () => new Response('{"count":0,"items":[]}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('window', { sessionStorage: new Map() });
    try {
      typedCalls();
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      const [url] = fetch.mock.calls[0] as unknown as [string];
      expect(url).toContain('contact/contacts?pageSize=10&orderBy=name');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
