/**
 * Home's posts (docs/blog.md#states): the Published posts whose schedule has come, for the firms they
 * target, sticky ones first — as the host chooses them (blog/published). The content is cleaned again
 * here before it reaches the page (lib/rich-text.ts), so a script in a stored post stays inert.
 */
import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { Icon } from '@/components/ui/icon';
import { api } from '@/lib/api/server';
import { contract } from '@/lib/contract';
import { requestLog } from '@/lib/log/request-log';
import type { BlogRecord } from '@/lib/contract/blog';
import { formatDate, zoneOf } from '@/lib/dates';
import { renderRichText } from '@/lib/rich-text';
import { blogImageSrc } from './rules';

export async function HomePosts({ timezone }: { timezone: number }) {
  let posts: BlogRecord[];
  try {
    posts = await api(contract.blog.published, { query: { limit: 10 } });
  } catch (e) {
    // A refused token still ends the session and goes to /login (lib/api/server.ts redirects).
    unstable_rethrow(e);
    (await requestLog()).warn({ err: e }, 'Home: the posts could not be read');
    return <p className="text-slate-700">The latest posts cannot be shown right now.</p>;
  }
  if (posts.length === 0) return <p className="text-slate-700">There are no posts for your location yet.</p>;
  const zone = zoneOf(timezone);
  return (
    <ul className="flex flex-col gap-4">
      {posts.map((p) => (
        <li key={p.blog}>
          <article aria-labelledby={`post-${p.blog}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <header className="mb-2 flex flex-col gap-1">
              <h3 id={`post-${p.blog}`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                {p.isSticky && (
                  <>
                    <Icon name="pin" className="size-4 shrink-0 text-amber-700" />
                    <span className="sr-only">Pinned:</span>
                  </>
                )}
                {p.blogName}
              </h3>
              <p className="text-sm text-slate-600">
                {p.blogTypeName} · {formatDate(p.scheduledOn ?? p.createdOn, zone)} · {p.createdBy} · {p.firmName}
              </p>
            </header>
            {p.imageUrl && (
              // eslint-disable-next-line @next/next/no-img-element -- an uploaded image of any size, served through the BFF
              <img src={blogImageSrc(p.blog, p.imageUrl) ?? ''} alt="" className="mb-2 max-h-64 rounded-md object-cover" />
            )}
            <div className="prose-content break-words text-slate-900" dangerouslySetInnerHTML={{ __html: renderRichText(p.content) }} />
            {p.blogTags && (
              <ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
                {p.blogTags.split(',').map((t) => (
                  <li key={t} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {t.trim()}
                  </li>
                ))}
              </ul>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
