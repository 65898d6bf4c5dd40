/**
 * The administration rules (issue 15): lookup delete and group upsert results (docs/lookups.md#errors), the blog's
 * new-post defaults and one expansion per row (docs/blog.md#states), what may be attached, the log's time range,
 * the price field, rich text rendered inert, the log's scrubbing, dates in the user's zone, and the
 * sections each role sees.
 */
import { describe, expect, it } from 'vitest';
import { scrub } from '@/api-host/log/query';
import { attachmentProblem, blogImageSrc, newBlogDraft, toggleExpansion, type Expansions } from '@/components/blog/rules';
import { parsePrice } from '@/components/insurance/rules';
import { rangeOf } from '@/components/log/rules';
import { deleteOutcome, groupUpsertOutcome, movedTo } from '@/components/lookups/rules';
import { FORBIDDEN_ATTACHMENT } from '@/lib/contract/blog-constants';
import { RANGE_REVERSED } from '@/lib/contract/log-constants';
import { formatDateTime, fromLocalInput, toLocalInput, zoneOf } from '@/lib/dates';
import { defineList, isBare, listHref, restoreHref } from '@/lib/list-state';
import { recordOfLine } from '@/lib/server-log';
import { activeContent, plainText, renderRichText, sanitizeRichText } from '@/lib/rich-text';
import { adminSections, sectionRoles } from '@/lib/routes';

describe('lookup delete and group upsert results (docs/lookups.md#errors)', () => {
  it('a delete is done only when the first result has empty Results', () => {
    expect(deleteOutcome([{ key: 'Salutation', id: 6, Results: [] }])).toEqual({ done: true });
    expect(
      deleteOutcome([
        { key: 'TimeZone', id: 12, Results: ['In use'] },
        { key: 'TimeZone', id: 3, Results: [] },
      ]),
    ).toEqual({ done: false, reasons: ['In use'] });
    // Only the first result counts, whatever the others say.
    expect(
      deleteOutcome([
        { key: 'A', id: 1, Results: [] },
        { key: 'A', id: 2, Results: ['x'] },
      ]),
    ).toEqual({ done: true });
    expect(deleteOutcome([])).toEqual({ done: false, reasons: ['The value could not be deleted.'] });
  });

  it('a group upsert applies only when the answered id is the id sent', () => {
    expect(groupUpsertOutcome(4, { id: 4, reason: null })).toEqual({ applied: true });
    expect(groupUpsertOutcome(4, { id: 7, reason: 'Another group is already named “Countries”.' })).toEqual({
      applied: false,
      reason: 'Another group is already named “Countries”.',
    });
    expect(groupUpsertOutcome(4, { id: -1, reason: null })).toEqual({ applied: false, reason: 'The group was not renamed.' });
  });

  it('moves a value up or down, not past the ends', () => {
    expect(movedTo(0, -1, 3)).toBeNull();
    expect(movedTo(2, 1, 3)).toBeNull();
    expect(movedTo(1, -1, 3)).toBe(0);
    expect(movedTo(1, 1, 3)).toBe(2);
  });
});

describe('blog rules (docs/blog.md#states)', () => {
  it('a new post starts from sort 0, sticky off, comments off, shop off, no attachments, as a draft', () => {
    expect(newBlogDraft(3)).toMatchObject({
      blog: -1,
      firm: 3,
      sort: 0,
      isSticky: false,
      isAllowComments: false,
      isIncludeShop: false,
      attachments: 0,
      blogStatus: 1,
      content: '',
    });
  });

  it('a row shows its comments or its attachments, never both', () => {
    let s: Expansions = new Map();
    s = toggleExpansion(s, 7, 'comments');
    expect([...s]).toEqual([[7, 'comments']]);
    s = toggleExpansion(s, 7, 'attachments');
    expect([...s]).toEqual([[7, 'attachments']]);
    s = toggleExpansion(s, 9, 'comments');
    expect(s.get(7)).toBe('attachments');
    expect(s.get(9)).toBe('comments');
    s = toggleExpansion(s, 7, 'attachments');
    expect(s.has(7)).toBe(false);
  });

  it("readers load a post's image through the post, by its stored name", () => {
    expect(blogImageSrc(12, 'file/image?firm=3&name=ab12-bay.png')).toBe('/api/bff/blog/image?blog=12&name=ab12-bay.png');
    expect(blogImageSrc(12, null)).toBeNull();
  });

  it('attachments: allowed extensions within the size, before anything is sent', () => {
    expect(attachmentProblem({ name: 'procedure.PDF', size: 1000 })).toBeNull();
    expect(attachmentProblem({ name: 'run.exe', size: 1000 })).toBe(FORBIDDEN_ATTACHMENT);
    expect(attachmentProblem({ name: 'page.html', size: 10 })).toBe(FORBIDDEN_ATTACHMENT);
    expect(attachmentProblem({ name: 'no-extension', size: 10 })).toBe(FORBIDDEN_ATTACHMENT);
    expect(attachmentProblem({ name: 'big.png', size: 600 * 1024 })).toBe('The file is larger than 512 kB');
    expect(attachmentProblem({ name: 'empty.csv', size: 0 })).toBe('The file is empty');
  });
});

describe('rich text', () => {
  it('renders a stored script inert and keeps formatting', () => {
    const html =
      '<p>Hi <strong>all</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://example.com">ok</a>';
    const out = renderRichText(html);
    expect(out).not.toMatch(/script|onerror|javascript:|<img/i);
    expect(out).toContain('<p>Hi <strong>all</strong></p>');
    expect(out).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a>');
    expect(sanitizeRichText('<h2 style="x">T</h2><div>d</div>')).toBe('<h2>T</h2>d');
  });

  it('names active content so the host can refuse it', () => {
    expect(activeContent('<p>fine <a href="https://x.example">x</a></p>')).toBeNull();
    expect(activeContent('<p>x</p><SCRIPT>1</SCRIPT>')).toBe('<script>');
    expect(activeContent('<p onclick="x()">x</p>')).toBe('the onclick attribute');
    expect(activeContent('<a href=" jav&#x09;ascript:alert(1)">x</a>')).toMatch(/javascript: address/);
    expect(plainText('<p>a&amp;b</p><ul><li>c</li></ul>')).toBe('a&b c');
  });
});

describe('log viewer', () => {
  it('reads the range in the user zone and refuses a reversed one', () => {
    const zone = 'America/New_York';
    expect(rangeOf('', '', zone)).toBeNull();
    expect(rangeOf('2026-03-01T08:00', '2026-03-01T09:30', zone)).toEqual({
      from: '2026-03-01T13:00:00.000Z',
      to: '2026-03-01T14:30:00.000Z',
    });
    expect(rangeOf('2026-03-02T08:00', '2026-03-01T08:00', zone)).toEqual({ error: RANGE_REVERSED });
    expect(rangeOf('2026-03-02T08:00', '', zone)).toEqual({ error: 'Give both the start and the end of the range' });
  });

  it("turns the app server's error lines into application log records (exception and inner exception apart)", () => {
    const r = recordOfLine({
      level: 50,
      time: Date.parse('2026-03-01T10:00:00Z'),
      msg: 'Request failed: /adas',
      title: 'GET /adas',
      err: { message: 'boom', stack: 'Error: boom\n    at x', cause: { stack: 'Error: inner\n    at y' } },
    });
    expect(r).toMatchObject({
      level: 'Error',
      name: 'app',
      message: 'Request failed: /adas',
      title: 'GET /adas',
      exception: 'Error: boom\n    at x',
      innerException: 'Error: inner\n    at y',
      timestamp: '2026-03-01T10:00:00.000Z',
    });
    expect(recordOfLine({ level: 60, time: 0, err: { message: 'only a message' } })).toMatchObject({
      level: 'Fatal',
      message: 'only a message',
      exception: null,
    });
  });

  it('scrubs addresses, tokens and passwords', () => {
    expect(scrub('Mail sent to role3@example.com and ab@x.co.uk')).toBe('Mail sent to r***@example.com and a***@x.co.uk');
    expect(scrub('Authorization: Bearer abc.def-123')).toBe('Authorization: Bearer [hidden]');
    expect(scrub('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.sig-123 used')).toBe('token [token] used');
    expect(scrub('password=Hunter2! next')).toBe('password=[hidden] next');
    expect(scrub(null)).toBeNull();
  });
});

describe('money, dates and sections', () => {
  it('reads the agreed price: a plain amount, empty, or not a number', () => {
    expect(parsePrice('149.50')).toBe(149.5);
    expect(parsePrice(' ')).toBeNull();
    expect(parsePrice('abc')).toBeNaN();
    expect(parsePrice('-3')).toBeNaN();
  });

  it('shows dates as MM/DD/YYYY hh:mm a in the user zone and reads the inputs back', () => {
    expect(zoneOf(3)).toBe('America/Los_Angeles');
    expect(zoneOf(99)).toBe('America/New_York');
    expect(formatDateTime('2026-07-04T16:05:00Z', zoneOf(3))).toBe('07/04/2026 09:05 AM');
    expect(toLocalInput('2026-07-04T16:05:00Z', zoneOf(12))).toBe('2026-07-04T12:05');
    expect(fromLocalInput('2026-01-10T12:05', zoneOf(12))).toBe('2026-01-10T17:05:00.000Z');
    expect(fromLocalInput('junk', zoneOf(12))).toBeNull();
  });

  it('administrators see every section; franchise and shop staff the blog and insurance', () => {
    expect(adminSections(1).map((s) => s.id)).toEqual(['lookups', 'insurance', 'blog', 'log', 'emails']);
    expect(adminSections(2).map((s) => s.id)).toEqual(['lookups', 'insurance', 'blog', 'log', 'emails']);
    for (const role of [3, 5, 7, 9, 12]) expect(adminSections(role).map((s) => s.id)).toEqual(['insurance', 'blog']);
    expect(adminSections(15)).toEqual([]);
    expect(sectionRoles('log')).toEqual([1, 2]);
  });

  it('a list of a section keeps its section in every URL; the bare section URL restores preferences', () => {
    const spec = defineList({ key: 't', path: '/admin', fixed: { section: 'blog' }, sorts: ['a', 'b'], orderBy: 'a' });
    expect(listHref(spec, { page: 2 })).toBe('/admin?section=blog&page=2');
    expect(listHref(spec, {})).toBe('/admin?section=blog');
    expect(isBare({ section: 'blog' }, spec)).toBe(true);
    expect(isBare({ section: 'blog', page: '2' }, spec)).toBe(false);
    expect(restoreHref(spec, 'pageSize=25')).toBe('/admin?section=blog&pageSize=25');
    expect(restoreHref(spec, 'pageSize=10')).toBeNull();
  });
});
