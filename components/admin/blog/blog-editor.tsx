'use client';
/**
 * Create or edit a post with every Blog field (overview §3): name, type, status, content (rich text),
 * image (the image uploader), tags, scheduled date, sticky, sort, allow comments, include shops. A new post starts from the defaults
 * of overview §4. A failed save keeps everything typed and says what is wrong, field by field.
 */
import dynamic from 'next/dynamic';
import { useEffect, useId, useState } from 'react';
import type { FilterOption } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, SaveCancel } from '@/components/ui/dialog';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { EARLIEST_SCHEDULE, SCHEDULE_TOO_EARLY } from '@/lib/contract/blog-constants';
import { fileSrc } from '@/lib/files';
import { fromLocalInput, toLocalInput } from '@/lib/dates';
import { MESSAGES } from '@/lib/validation/messages';
import { blogApi, saveError } from '../api';
import { draftOf, newBlogDraft, type BlogDraft } from './rules';

const ImageUploader = dynamic(() => import('@/components/ui/image-uploader').then((m) => m.ImageUploader), { ssr: false });
const RichTextEditor = dynamic(() => import('./rich-text-editor'), {
  ssr: false,
  loading: () => <div className="min-h-48 rounded-md border border-slate-300 bg-slate-50" role="status" aria-label="Loading the editor" />,
});

type Errors = Record<string, string>;

/** The form's own checks, before anything is sent (the host checks the same and more). */
export function draftErrors(d: BlogDraft, scheduleText: string, zone: string): Errors {
  const e: Errors = {};
  if (!d.blogName.trim()) e.blogName = MESSAGES.required;
  if (!d.blogType) e.blogType = MESSAGES.required;
  if (!d.blogStatus) e.blogStatus = MESSAGES.required;
  if (!d.content.replace(/<[^>]*>/g, '').trim()) e.content = MESSAGES.required;
  if (scheduleText) {
    const at = fromLocalInput(scheduleText, zone);
    if (!at) e.scheduledOn = 'A date and time';
    else if (at < EARLIEST_SCHEDULE) e.scheduledOn = SCHEDULE_TOO_EARLY;
  }
  if (!Number.isInteger(d.sort) || d.sort < 0 || d.sort > 9999) e.sort = 'A whole number from 0 to 9999';
  return e;
}

interface Props {
  blog: number | null;
  /** The author's firm: a new post's, and where its image is stored. */
  firm: number;
  types: readonly FilterOption[];
  statuses: readonly FilterOption[];
  zone: string;
  onClose: () => void;
  onSaved: (name: string) => void;
}

export function BlogEditor({ blog, firm, types, statuses, zone, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<BlogDraft | null>(blog === null ? newBlogDraft(firm) : null);
  const [schedule, setSchedule] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const contentLabel = useId();

  useEffect(() => {
    if (blog === null) return;
    const ctrl = new AbortController();
    blogApi
      .get(blog, ctrl.signal)
      .then((r) => {
        setDraft(draftOf(r));
        setSchedule(toLocalInput(r.scheduledOn, zone));
      })
      .catch((e: Error) => e.name !== 'AbortError' && setLoadError(e.message));
    return () => ctrl.abort();
  }, [blog, zone]);

  const set = (change: Partial<BlogDraft>) => setDraft((d) => (d ? { ...d, ...change } : d));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const found = draftErrors(draft, schedule, zone);
    setErrors(found);
    if (Object.keys(found).length) return setMessage('Please correct the highlighted fields.');
    setBusy(true);
    setMessage(null);
    try {
      await blogApi.save({
        blog: draft.blog,
        blogName: draft.blogName,
        blogType: draft.blogType!,
        blogStatus: draft.blogStatus!,
        content: draft.content,
        firm: draft.firm,
        imageUrl: draft.imageUrl,
        blogTags: draft.blogTags,
        scheduledOn: schedule ? fromLocalInput(schedule, zone) : null,
        isSticky: draft.isSticky,
        sort: draft.sort,
        isAllowComments: draft.isAllowComments,
        isIncludeShop: draft.isIncludeShop,
      });
      onSaved(draft.blogName.trim());
    } catch (err) {
      const { message: m, fields } = saveError(err);
      setErrors(fields);
      setMessage(Object.keys(fields).length ? 'Please correct the highlighted fields.' : m);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      size="xl"
      title={blog === null ? 'Add post' : draft ? `Edit ${draft.blogName}` : 'Edit post'}
      footer={
<SaveCancel formId="blog-form" busy={busy} onCancel={onClose} saveDisabled={!draft} />
      }
    >
      {loadError && <Alert>{loadError}</Alert>}
      {!draft && !loadError && <p role="status">Loading the post…</p>}
      {draft && (
        <form id="blog-form" onSubmit={submit} noValidate className="flex flex-col gap-3">
          <TextField label="Title" required maxLength={200} value={draft.blogName} onChange={(e) => set({ blogName: e.target.value })} error={errors.blogName} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label="Type" required options={types} value={draft.blogType ?? ''} onChange={(e) => set({ blogType: e.target.value ? Number(e.target.value) : null })} error={errors.blogType} />
            <SelectField label="Status" required options={statuses} value={draft.blogStatus ?? ''} onChange={(e) => set({ blogStatus: e.target.value ? Number(e.target.value) : null })} error={errors.blogStatus} />
          </div>
          <div className="flex flex-col gap-1">
            <span id={contentLabel} className="text-sm font-medium text-slate-800">
              Content
              <span aria-hidden="true" className="text-red-700">
                {' '}
                *
              </span>
            </span>
            <RichTextEditor labelId={contentLabel} value={draft.content} onChange={(content) => set({ content })} invalid={!!errors.content} describedBy={errors.content ? `${contentLabel}-error` : undefined} />
            {errors.content && (
              <p id={`${contentLabel}-error`} role="alert" className="text-sm text-red-700">
                {errors.content}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium text-slate-800">Image</span>
            {draft.imageUrl && (
              <div className="flex flex-wrap items-end gap-2">
                {/* eslint-disable-next-line @next/next/no-img-element -- an uploaded image, served through the BFF */}
                <img src={fileSrc(draft.imageUrl)} alt="The post's image" className="max-h-32 rounded-md border border-slate-200" />
                <Button variant="ghost" onClick={() => set({ imageUrl: null })}>
                  Remove image
                </Button>
              </div>
            )}
            <ImageUploader label="Post image" firm={draft.firm} multiple={false} onUploaded={(urls) => urls[0] && set({ imageUrl: urls[0] })} />
            {errors.imageUrl && (
              <p role="alert" className="text-sm text-red-700">
                {errors.imageUrl}
              </p>
            )}
          </div>
          <TextField label="Tags" hint="Separated by commas" maxLength={200} value={draft.blogTags} onChange={(e) => set({ blogTags: e.target.value })} error={errors.blogTags} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Scheduled on"
              type="datetime-local"
              hint="When the post appears on Home (empty: as soon as it is published)"
              value={schedule}
              onChange={(e) => setSchedule(e.target.value)}
              error={errors.scheduledOn}
            />
            <TextField label="Sort" type="number" min={0} max={9999} step={1} inputMode="numeric" value={String(draft.sort)} onChange={(e) => set({ sort: e.target.value === '' ? 0 : Number(e.target.value) })} error={errors.sort} />
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <CheckboxField label="Sticky (first on Home)" checked={draft.isSticky} onChange={(e) => set({ isSticky: e.target.checked })} />
            <CheckboxField label="Allow comments" checked={draft.isAllowComments} onChange={(e) => set({ isAllowComments: e.target.checked })} />
            <CheckboxField label="Include shops" checked={draft.isIncludeShop} onChange={(e) => set({ isIncludeShop: e.target.checked })} />
          </div>
          {message && <Alert>{message}</Alert>}
        </form>
      )}
    </Dialog>
  );
}
