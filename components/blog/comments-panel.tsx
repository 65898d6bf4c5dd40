'use client';
/** A post's comments (read when the row expands): who and when, the text, delete (confirmed) and add. */
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useLoaded } from '@/components/ui/use-loaded';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import { COMMENT_MAX, COMMENTS_OFF } from '@/lib/contract/blog-constants';
import { type BlogRow, type CommentRecord } from '@/lib/contract/blog';
import { formatDateTime } from '@/lib/dates';
import { MESSAGES } from '@/lib/validation/messages';
import { blogApi } from '@/components/admin';

const DeleteConfirm = dynamic(() => import('@/components/ui/delete-confirm').then((m) => m.DeleteConfirm), { ssr: false });

export function CommentsPanel({ post, zone, onChanged }: { post: BlogRow; zone: string; onChanged: () => void }) {
  const { data: comments, error, reload: load } = useLoaded((signal) => blogApi.comments(post.blog, signal), post.blog);
  const form = useForm({
    initial: { content: '' },
    check: (d) => ({ content: d.content.trim() ? null : MESSAGES.required }),
    invalid: null,
    save: async (d) => {
      await blogApi.saveComment({ blogComment: -1, blog: post.blog, content: d.content });
      form.reset({ content: '' });
      reload();
    },
  });
  // One place for what went wrong: the text's own error, else the server's.
  const fieldError = form.errors.content ?? form.message?.text ?? null;
  const [deleting, setDeleting] = useState<CommentRecord | null>(null);

  const reload = () => {
    load();
    onChanged();
  };

  return (
    <section aria-label={`Comments of ${post.blogName}`} className="flex flex-col gap-3">
      <h3 className="font-semibold text-slate-900">Comments</h3>
      {error && <Alert>{error}</Alert>}
      {comments === null && !error && <p role="status">Loading comments…</p>}
      {comments?.length === 0 && <p className="text-sm text-slate-600">No comments yet.</p>}
      {comments && comments.length > 0 && (
        <ul className="flex flex-col gap-2">
          {comments.map((c) => (
            <li key={c.blogComment} className="rounded-md border border-slate-200 bg-white p-2">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="text-xs text-slate-600">
                  <span className="font-medium text-slate-800">{c.createdBy}</span> · {formatDateTime(c.createdOn, zone)}
                  {c.attachments > 0 && ` · ${c.attachments} attachment${c.attachments === 1 ? '' : 's'}`}
                </p>
                <Button
                  variant="ghost"
                  className="text-red-800"
                  aria-label={`Delete the comment of ${c.createdBy}`}
                  onClick={() => setDeleting(c)}
                >
                  Delete
                </Button>
              </div>
              <p className="text-sm break-words whitespace-pre-wrap text-slate-900">{c.content}</p>
            </li>
          ))}
        </ul>
      )}
      {post.isAllowComments ? (
        <form onSubmit={(e) => void form.submit(e)} noValidate className="flex flex-col gap-2">
          <TextArea
            label="Add a comment"
            value={form.draft.content}
            maxLength={COMMENT_MAX}
            rows={2}
            onChange={(e) => form.set('content', e.target.value)}
            error={fieldError}
          />
          <div>
            <Button type="submit" disabled={form.busy}>
              {form.busy ? 'Adding…' : 'Add comment'}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-slate-600">{COMMENTS_OFF}</p>
      )}
      {deleting && (
        <DeleteConfirm
          tag="Comment"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await blogApi.removeComment(deleting.blogComment);
            reload();
          }}
        />
      )}
    </section>
  );
}
