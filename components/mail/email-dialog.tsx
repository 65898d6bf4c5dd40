'use client';
/** One sent mail: recipient, when, subject, the body as sent (links clickable) and its attachments' names. */
import { Icon } from '@/components/ui/icon';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { useLoaded } from '@/components/ui/use-loaded';
import type { EmailRow } from '@/lib/contract/admin';
import { formatDateTime } from '@/lib/dates';
import { emailApi, fileSize } from '@/components/admin';

/** The body's text with its http(s) addresses as links. */
function Body({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <p className="rounded bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-900">
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} className="text-brand-700 underline">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </p>
  );
}

export function EmailDialog({ row, zone, onClose }: { row: EmailRow; zone: string; onClose: () => void }) {
  const { data: mail, error } = useLoaded((signal) => emailApi.get(row.mail, signal), row.mail);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={row.subject}
      description={`To ${row.recipient} · ${formatDateTime(row.sentAt, zone)}${row.firmName ? ` · ${row.firmName}` : ''}`}
    >
      {error && <Alert>{error}</Alert>}
      {!mail && !error && <p role="status">Loading…</p>}
      {mail && (
        <div className="flex flex-col gap-3">
          <Body text={mail.body} />
          <section aria-label="Attachments">
            <h3 className="mb-1 text-sm font-semibold text-slate-800">Attachments</h3>
            {mail.attachments.length === 0 ? (
              <p className="text-sm text-slate-600">None</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm">
                {mail.attachments.map((a, i) => (
                  <li key={i} className="flex items-center gap-2">
                    <Icon name="paperclip" className="size-4 text-slate-500" />
                    <span className="font-medium">{a.fileName}</span>
                    <span className="text-slate-600">
                      {a.contentType}, {fileSize(a.size)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
