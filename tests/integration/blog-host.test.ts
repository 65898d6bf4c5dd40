/**
 * The reference host's blog (issue 15): list order and scope, saving with the specification's defaults,
 * rich text cleaned and active content refused, the schedule bounds, comments (only while allowed),
 * attachments checked by content, deletes that take their children along, and Home's published posts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import { COMMENTS_OFF, FORBIDDEN_ATTACHMENT, SCHEDULE_TOO_EARLY } from '../../lib/contract/blog';
import type { CallDef } from '../../lib/contract/define';
import { BLOG_STATUS } from '../../lib/contract/lookups-groups';
import { MESSAGES } from '../../lib/validation/messages';
import { startTestHost, type CallInput, type ContractInput, type TestHost } from '../../testkit/host';
import { PNG_1PX, multipart } from '../../testkit/images';
import { must } from '../../testkit/must';

const b = contract.blog;
let host: TestHost;
let r1: string;
let r3: string; // franchiser, firm 2 and below
let r12: string; // franchisee user, firm 4 and below
let r15: string; // shop, firm 7 (not a blog role)
let r4: string;

beforeAll(async () => {
  host = await startTestHost();
  [r1, r3, r12, r15, r4] = await Promise.all([host.token(1), host.token(3), host.token(12), host.token(15), host.token(4)]);
});
afterAll(() => host?.close());

const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = r1) => host.ok(token, call, input);
const status = async (call: CallDef, input: CallInput = {}, token = r1) => (await host.api(token, call, input)).status;
const errorsOf = async (call: CallDef, input: CallInput, token = r1) => {
  const res = await host.api<{ fieldErrors?: Record<string, string[]> }>(token, call, input);
  expect(res.status).toBe(400);
  return res.body.fieldErrors ?? {};
};
const post = (more: Record<string, unknown> = {}) => ({
  blog: -1,
  blogName: 'Test post',
  blogType: 1,
  blogStatus: BLOG_STATUS.published,
  content: '<p>Hello <strong>shops</strong></p>',
  ...more,
});
const blogCount = () => host.db.prepare('SELECT count(*) FROM blog').pluck().get() as number;

describe('blog list', () => {
  it('answers count and items, 10 a page, ordered by createdBy descending by default', async () => {
    const first = await ok(b.blogs, { query: {} });
    expect(first.count).toBe(30);
    expect(first.items).toHaveLength(10);
    const authors = first.items.map((r) => r.createdBy.toLowerCase());
    expect(authors).toEqual([...authors].sort().reverse());
    const byName = await ok(b.blogs, { query: { orderBy: 'blogName', direction: 'asc', pageSize: 50 } });
    const names = byName.items.map((r) => r.blogName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const drafts = await ok(b.blogs, { query: { blogStatus: BLOG_STATUS.draft } });
    expect(drafts.items.every((r) => r.blogStatusName === 'Draft')).toBe(true);
    const found = await ok(b.blogs, { query: { searchTerm: 'radar dynamic' } });
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((r) => /radar/i.test(r.blogName + r.blogTags))).toBe(true);
    expect(await status(b.blogs, { query: { orderBy: 'likes' } })).toBe(400);
    expect(await status(b.blogs, { query: {} }, r4)).toBe(403);
  });

  it("shows each caller the posts of their firms only; another firm's post answers 404", async () => {
    const west = await ok(b.blogs, { query: { pageSize: 100 } }, r12);
    expect(west.items.length).toBeGreaterThan(0);
    expect(west.items.every((r) => r.firm === 4)).toBe(true);
    const platformPost = host.db.prepare('SELECT blog FROM blog WHERE firm = 1 LIMIT 1').pluck().get() as number;
    expect(await status(b.blog, { query: { blog: platformPost } }, r12)).toBe(404);
    expect(await status(b.blog, { query: { blog: 99999 } })).toBe(404);
    const search = await ok(b.blogSearch, { query: { searchTerm: 'windshield' } }, r3);
    expect(search.items.length).toBeGreaterThan(0);
    expect(await status(b.blogSearch, { query: { firm: 1, searchTerm: 'windshield' } }, r3)).toBe(404);
    expect(await status(b.blogSearch, { query: { searchTerm: '' } })).toBe(400);
  });
});

describe('saving posts', () => {
  it('a new post starts from the defaults: sort 0, sticky, comments and shops off, no attachments', async () => {
    const { id } = await ok(b.saveBlog, { body: post() }, r3);
    const saved = await ok(b.blog, { query: { blog: id } }, r3);
    expect(saved).toMatchObject({
      sort: 0,
      isSticky: false,
      isAllowComments: false,
      isIncludeShop: false,
      attachments: 0,
      countComments: 0,
      firm: 2,
    });
    expect(saved.createdBy).toBe('Carter, Casey');
    expect(saved.content).toBe('<p>Hello <strong>shops</strong></p>');
  });

  it('refuses script in the content and stores nothing; other markup is cleaned', async () => {
    const before = blogCount();
    for (const content of [
      '<p>x</p><script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
    ]) {
      const e = await errorsOf(b.saveBlog, { body: post({ content }) });
      expect(e.content?.[0]).toMatch(/^Scripts and other active content are not allowed in a post/);
    }
    expect(blogCount()).toBe(before);
    const { id } = await ok(b.saveBlog, {
      body: post({ content: '<div class="x"><p style="color:red">Kept <span>text</span></p></div>' }),
    });
    expect((await ok(b.blog, { query: { blog: id } })).content).toBe('<p>Kept text</p>');
    expect((await errorsOf(b.saveBlog, { body: post({ content: '<p> </p>' }) })).content).toEqual([MESSAGES.required]);
  });

  it('refuses a schedule in 1970, unknown types and statuses, missing fields; another firm', async () => {
    const before = blogCount();
    expect((await errorsOf(b.saveBlog, { body: post({ scheduledOn: '1970-01-01T00:00:00Z' }) })).scheduledOn).toEqual([SCHEDULE_TOO_EARLY]);
    expect((await errorsOf(b.saveBlog, { body: post({ blogType: 99 }) })).blogType).toEqual(['Choose a blog type']);
    const missing = await errorsOf(b.saveBlog, { body: { blog: -1 } });
    expect(missing.blogName).toEqual([MESSAGES.required]);
    expect(missing.blogType).toEqual([MESSAGES.required]);
    expect(blogCount()).toBe(before);
    expect(await status(b.saveBlog, { body: post({ firm: 1 }) }, r3)).toBe(404);
    const platformPost = host.db.prepare('SELECT blog FROM blog WHERE firm = 1 LIMIT 1').pluck().get() as number;
    expect(await status(b.saveBlog, { body: post({ blog: platformPost }) }, r3)).toBe(404);
    expect(await status(b.saveBlog, { body: post() }, r4)).toBe(403);
  });
});

describe('comments and attachments', () => {
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');

  it('takes comments only while the post allows them', async () => {
    const { id: closed } = await ok(b.saveBlog, { body: post() });
    const refused = await host.api<{ error: string }>(r1, b.saveComment, { body: { blogComment: -1, blog: closed, content: 'Hi' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(COMMENTS_OFF);
    const { id: open } = await ok(b.saveBlog, { body: post({ isAllowComments: true }) });
    const { id: comment } = await ok(b.saveComment, { body: { blogComment: -1, blog: open, content: 'Great news' } });
    const list = await ok(b.comments, { query: { blog: open } });
    expect(list).toEqual([expect.objectContaining({ blogComment: comment, content: 'Great news', createdBy: 'Adams, Avery' })]);
    expect((await errorsOf(b.saveComment, { body: { blogComment: -1, blog: open, content: '' } })).content).toEqual([MESSAGES.required]);
    expect(await status(b.comments, { query: { blog: open } }, r3)).toBe(404);
    expect(await status(b.deleteComment, { query: { blogComment: comment } }, r3)).toBe(404);
    await ok(b.deleteComment, { query: { blogComment: comment } });
    expect(await ok(b.comments, { query: { blog: open } })).toEqual([]);
  });

  it('attaches allowed files checked by their content, refuses forbidden and disguised ones', async () => {
    const { id } = await ok(b.saveBlog, { body: post() });
    const { id: att } = await ok(b.saveAttachment, { body: { blog: id, fileName: 'procedure.pdf', data: pdf } });
    const csv = Buffer.from('a,b\n1,2\n').toString('base64');
    await ok(b.saveAttachment, { body: { blog: id, fileName: 'lines.csv', data: csv } });
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]).toString('base64');
    for (const [fileName, data] of [
      ['setup.exe', exe],
      ['invoice.pdf', exe],
      ['page.html', Buffer.from('<script>x</script>').toString('base64')],
      ['photo.png', pdf],
    ]) {
      const res = await host.api<{ error: string }>(r1, b.saveAttachment, { body: { blog: id, fileName, data } });
      expect(res.status, fileName).toBe(400);
      expect(res.body.error).toContain(FORBIDDEN_ATTACHMENT);
    }
    const list = await ok(b.attachments, { query: { blog: id } });
    expect(list.map((a) => [a.fileName, a.contentType])).toEqual([
      ['procedure.pdf', 'application/pdf'],
      ['lines.csv', 'text/csv; charset=utf-8'],
    ]);
    expect((await ok(b.blog, { query: { blog: id } })).attachments).toBe(2);
    const back = await host.app.inject({
      method: 'GET',
      url: `/api/blog/attachment?blogAttachment=${att}`,
      headers: { authorization: `Bearer ${r1}` },
    });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.toString('base64')).toBe(pdf);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-disposition']).toBe(`attachment; filename="procedure.pdf"; filename*=UTF-8''procedure.pdf`);
    expect((await errorsOf(b.saveAttachment, { body: { blog: id, fileName: '../x.pdf', data: pdf } })).fileName).toHaveLength(1);
    expect(await status(b.attachment, { query: { blogAttachment: att } }, r3)).toBe(404);
    expect(await status(b.deleteAttachment, { query: { blogAttachment: att } }, r3)).toBe(404);
    await ok(b.deleteAttachment, { query: { blogAttachment: att } });
    expect(await ok(b.attachments, { query: { blog: id } })).toHaveLength(1);
  });

  it('deleting a post takes its comments and attachments with it', async () => {
    const { id } = await ok(b.saveBlog, { body: post({ isAllowComments: true }) });
    const { id: comment } = await ok(b.saveComment, { body: { blogComment: -1, blog: id, content: 'c' } });
    await ok(b.saveAttachment, { body: { blog: id, blogComment: comment, fileName: 'c.pdf', data: pdf } });
    expect(await ok(b.attachments, { query: { blog: id, blogComment: comment } })).toHaveLength(1);
    expect(await status(b.deleteBlog, { query: { blog: id } }, r12)).toBe(404);
    await ok(b.deleteBlog, { query: { blog: id } });
    expect(
      host.db
        .prepare('SELECT (SELECT count(*) FROM blog_comment WHERE blog = ?) + (SELECT count(*) FROM blog_attachment WHERE blog = ?)')
        .pluck()
        .get(id, id),
    ).toBe(0);
    expect(await status(b.blog, { query: { blog: id } })).toBe(404);
  });
});

describe("a post's image", () => {
  it("is stored with the uploader; Home's readers load it through the post, others get 404", async () => {
    const { body, contentType } = await multipart([{ name: '2/bay.png', bytes: PNG_1PX }]);
    const up = await host.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${r3}` },
    });
    expect(up.statusCode).toBe(200);
    const imageUrl = must((up.json() as string[])[0], 'imageUrl');
    const { id } = await ok(b.saveBlog, { body: post({ imageUrl, isIncludeShop: true }) }, r3);
    expect((await ok(b.blog, { query: { blog: id } }, r3)).imageUrl).toBe(imageUrl);
    const name = new URLSearchParams(imageUrl.split('?')[1]).get('name')!;
    const get = (token: string, n = name) =>
      host.app.inject({
        method: 'GET',
        url: `/api/blog/image?blog=${id}&name=${encodeURIComponent(n)}`,
        headers: { authorization: `Bearer ${token}` },
      });
    // The shop (firm 7, below firm 2) does not reach firm 2's files, but reads the post on Home.
    const shop = await get(r15);
    expect(shop.statusCode).toBe(200);
    expect(shop.headers['content-type']).toBe('image/png');
    // Another franchise's shop: neither reaches firm 2's files nor is the post aimed at it.
    host.db
      .prepare(
        "INSERT INTO firm (firm, name, firm_type, parent) VALUES (90, 'Another network', 'franchiser', 1), (91, 'Another shop', 'shop', 90)",
      )
      .run();
    const otherNetwork = await host.token(await host.addUser({ role: 15, firm: 91 }));
    expect((await get(otherNetwork)).statusCode).toBe(404);
    expect((await get(r12)).statusCode).toBe(200); // a franchisee below the same franchiser
    expect((await get(r15, 'other.png')).statusCode).toBe(404);
    // An image of a firm the author does not reach, or an address not from the uploader.
    expect((await errorsOf(b.saveBlog, { body: post({ imageUrl: 'file/image?firm=1&name=x.png' }) }, r3)).imageUrl).toEqual([
      'An image from the uploader',
    ]);
    expect((await errorsOf(b.saveBlog, { body: post({ imageUrl: 'https://evil.example/x.png' }) }, r3)).imageUrl).toEqual([
      'An image from the uploader',
    ]);
  });
});

describe("Home's posts", () => {
  it('shows published posts whose schedule has come, aimed at the firm, sticky first; shops only see posts including shops', async () => {
    const day = 86_400_000;
    const mk = async (blogName: string, more: Record<string, unknown>, token = r3) =>
      (await ok(b.saveBlog, { body: post({ blogName, ...more }) }, token)).id;
    await mk('Home: sticky', { isSticky: true, isIncludeShop: true });
    await mk('Home: future', { scheduledOn: new Date(Date.now() + day).toISOString(), isIncludeShop: true });
    await mk('Home: draft', { blogStatus: BLOG_STATUS.draft, isIncludeShop: true });
    await mk('Home: staff only', {});
    await mk('Home: other network', { isIncludeShop: true }, r12); // firm 4: not above firm 7

    const shop = await ok(b.published, { query: { limit: 50 } }, r15);
    const shopNames = shop.map((p) => p.blogName);
    expect(shopNames[0]).toBe('Home: sticky');
    expect(shopNames).not.toEqual(expect.arrayContaining(['Home: future']));
    for (const hidden of ['Home: future', 'Home: draft', 'Home: staff only', 'Home: other network'])
      expect(shopNames).not.toContain(hidden);
    expect(shop.every((p) => p.isIncludeShop && p.blogStatus === BLOG_STATUS.published)).toBe(true);
    const stickies = shop.findIndex((p) => !p.isSticky);
    expect(shop.slice(stickies).every((p) => !p.isSticky)).toBe(true);

    const franchiser = (await ok(b.published, { query: { limit: 50 } }, r3)).map((p) => p.blogName);
    expect(franchiser).toContain('Home: staff only');
    expect(franchiser).not.toContain('Home: other network');
  });
});
