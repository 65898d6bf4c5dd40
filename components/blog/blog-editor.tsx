'use client';
/**
 * Create or edit a post with every Blog field (docs/blog.md#fields): name, type, status, content (rich text),
 * image (the image uploader), tags, scheduled date, sticky, sort, allow comments, include shops. A new post starts from the defaults
 * of docs/blog.md#states. A failed save keeps everything typed and says what is wrong, field by field.
 */
import dynamic from 'next/dynamic';
import { useEffect, useId, useState } from 'react';
import type { FilterOption } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useForm } from '@/components/ui/use-form';
import { EARLIEST_SCHEDULE, SCHEDULE_TOO_EARLY } from '@/lib/contract/blog-constants';
import { fileSrc } from '@/lib/files';
import { fromLocalInput, toLocalInput } from '@/lib/dates';
import { MESSAGES } from '@/lib/validation/messages';
import { blogApi } from '@/components/admin';
import { fileApi } from '@/components/files';
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
  // The draft carries the scheduled time as typed (in the user's zone) beside the post's fields.
  const form = useForm<BlogDraft & { schedule: string }>({
    initial: { ...newBlogDraft(firm), schedule: '' },
    check: ({ schedule, ...d }) => draftErrors(d, schedule, zone),
    save: async ({ schedule, ...d }) => {
      await blogApi.save({
        blog: d.blog,
        blogName: d.blogName,
        blogType: d.blogType!,
        blogStatus: d.blogStatus!,
        content: d.content,
        firm: d.firm,
        imageUrl: d.imageUrl,
        blogTags: d.blogTags,
        scheduledOn: schedule ? fromLocalInput(schedule, zone) : null,
        isSticky: d.isSticky,
        sort: d.sort,
        isAllowComments: d.isAllowComments,
        isIncludeShop: d.isIncludeShop,
      });
      onSaved(d.blogName.trim());
    },
  });
  const { draft, patch: set, errors, reset } = form;
  const [loaded, setLoaded] = useState(blog === null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const contentLabel = useId();

  useEffect(() => {
    if (blog === null) return;
    const ctrl = new AbortController();
    blogApi
      .get(blog, ctrl.signal)
      .then((r) => {
        reset({ ...draftOf(r), schedule: toLocalInput(r.scheduledOn, zone) });
        setLoaded(true);
      })
      .catch((e: Error) => e.name !== 'AbortError' && setLoadError(e.message));
    return () => ctrl.abort();
  }, [blog, zone, reset]);

  return (
    <FormDialog
      form={form}
      size="xl"
      title={blog === null ? 'Add post' : loaded ? `Edit ${draft.blogName}` : 'Edit post'}
      onClose={onClose}
      saveDisabled={!loaded}
    >
      {loadError && <Alert>{loadError}</Alert>}
      {!loaded && !loadError && <p role="status">Loading the post…</p>}
      {loaded && (
        <>
          <TextField
            label="Title"
            required
            maxLength={200}
            value={draft.blogName}
            onChange={(e) => set({ blogName: e.target.value })}
            error={errors.blogName}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Type"
              required
              options={types}
              value={draft.blogType ?? ''}
              onChange={(e) => set({ blogType: e.target.value ? Number(e.target.value) : null })}
              error={errors.blogType}
            />
            <SelectField
              label="Status"
              required
              options={statuses}
              value={draft.blogStatus ?? ''}
              onChange={(e) => set({ blogStatus: e.target.value ? Number(e.target.value) : null })}
              error={errors.blogStatus}
            />
          </div>
          <div className="flex flex-col gap-1">
            <span id={contentLabel} className="text-sm font-medium text-slate-800">
              Content
              <span aria-hidden="true" className="text-red-700">
                {' '}
                *
              </span>
            </span>
            <RichTextEditor
              labelId={contentLabel}
              value={draft.content}
              onChange={(content) => set({ content })}
              invalid={!!errors.content}
              describedBy={errors.content ? `${contentLabel}-error` : undefined}
            />
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
            <ImageUploader
              label="Post image"
              upload={(files) => fileApi.upload(draft.firm, files)}
              multiple={false}
              onUploaded={(urls) => urls[0] && set({ imageUrl: urls[0] })}
            />
            {errors.imageUrl && (
              <p role="alert" className="text-sm text-red-700">
                {errors.imageUrl}
              </p>
            )}
          </div>
          <TextField
            label="Tags"
            hint="Separated by commas"
            maxLength={200}
            value={draft.blogTags}
            onChange={(e) => set({ blogTags: e.target.value })}
            error={errors.blogTags}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Scheduled on"
              type="datetime-local"
              hint="When the post appears on Home (empty: as soon as it is published)"
              value={draft.schedule}
              onChange={(e) => set({ schedule: e.target.value })}
              error={errors.scheduledOn}
            />
            <TextField
              label="Sort"
              type="number"
              min={0}
              max={9999}
              step={1}
              inputMode="numeric"
              value={String(draft.sort)}
              onChange={(e) => set({ sort: e.target.value === '' ? 0 : Number(e.target.value) })}
              error={errors.sort}
            />
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <CheckboxField label="Sticky (first on Home)" checked={draft.isSticky} onChange={(e) => set({ isSticky: e.target.checked })} />
            <CheckboxField
              label="Allow comments"
              checked={draft.isAllowComments}
              onChange={(e) => set({ isAllowComments: e.target.checked })}
            />
            <CheckboxField label="Include shops" checked={draft.isIncludeShop} onChange={(e) => set({ isIncludeShop: e.target.checked })} />
          </div>
        </>
      )}
    </FormDialog>
  );
}
