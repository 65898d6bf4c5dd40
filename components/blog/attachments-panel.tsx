'use client';
/** A post's attachments (read when the row expands): download, delete (confirmed) and attach a file. */
import dynamic from 'next/dynamic';
import { Icon } from '@/components/ui/icon';
import { useId, useRef, useState } from 'react';
import { useLoaded } from '@/components/ui/use-loaded';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useForm } from '@/components/ui/use-form';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES } from '@/lib/contract/blog-constants';
import { type AttachmentRecord, type BlogRow } from '@/lib/contract/blog';
import { formatDateTime } from '@/lib/dates';
import { BFF_PREFIX } from '@/lib/bff/protocol';
import { blogApi, fileSize } from '@/components/admin';
import { attachmentProblem } from './rules';

const DeleteConfirm = dynamic(() => import('@/components/ui/delete-confirm').then((m) => m.DeleteConfirm), { ssr: false });
const ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function AttachmentsPanel({ post, zone, onChanged }: { post: BlogRow; zone: string; onChanged: () => void }) {
  const { data: items, error, reload: load } = useLoaded((signal) => blogApi.attachments(post.blog, signal), post.blog);
  const upload = useForm();
  const busy = upload.busy;
  const uploadError = upload.errors.data ?? upload.errors.fileName ?? upload.message?.text ?? null;
  const [deleting, setDeleting] = useState<AttachmentRecord | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const reload = () => {
    load();
    onChanged();
  };

  const attach = async (file: File) => {
    const problem = attachmentProblem(file);
    if (problem) return upload.say(problem);
    await upload.run(async () => {
      await blogApi.saveAttachment({
        blog: post.blog,
        blogComment: null,
        fileName: file.name,
        data: toBase64(new Uint8Array(await file.arrayBuffer())),
      });
      reload();
    });
    if (input.current) input.current.value = '';
  };

  return (
    <section aria-label={`Attachments of ${post.blogName}`} className="flex flex-col gap-3">
      <h3 className="font-semibold text-slate-900">Attachments</h3>
      {error && <Alert>{error}</Alert>}
      {items === null && !error && <p role="status">Loading attachments…</p>}
      {items?.length === 0 && <p className="text-sm text-slate-600">No attachments.</p>}
      {items && items.length > 0 && (
        <ul className="flex flex-col gap-1">
          {items.map((a) => (
            <li key={a.blogAttachment} className="flex flex-wrap items-center gap-2 text-sm">
              <Icon name="paperclip" className="size-4 text-slate-500" />
              <a
                href={`${BFF_PREFIX}blog/attachment?blogAttachment=${a.blogAttachment}`}
                download={a.fileName}
                className="font-medium break-all text-brand-700 underline-offset-2 hover:underline"
                aria-label={`Download ${a.fileName}`}
              >
                {a.fileName}
              </a>
              <span className="text-slate-600">
                {fileSize(a.size)} · {a.createdBy} · {formatDateTime(a.createdOn, zone)}
              </span>
              <Button variant="ghost" className="text-red-800" aria-label={`Delete ${a.fileName}`} onClick={() => setDeleting(a)}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          Attach a file
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
          aria-invalid={uploadError ? true : undefined}
          onChange={(e) => e.target.files?.[0] && attach(e.target.files[0])}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm"
        />
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          PDF, images, Word, Excel, text or CSV, at most {ATTACHMENT_MAX_BYTES / 1024} kB.
        </p>
        {busy && <p role="status">Uploading…</p>}
        {uploadError && (
          <p role="alert" className="text-sm text-red-700">
            {uploadError}
          </p>
        )}
      </div>
      {deleting && (
        <DeleteConfirm
          tag="Attachment"
          name={deleting.fileName}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await blogApi.removeAttachment(deleting.blogAttachment);
            reload();
          }}
        />
      )}
    </section>
  );
}
