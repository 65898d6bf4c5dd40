/**
 * Small cells every list draws the same way: the row header that opens the record, a tag, an empty value,
 * a yes/no. Server-safe (no hooks), so a column list can be built anywhere.
 */

/** A link or button in a list's cell: at least 24 px high, a target a finger can tap (WCAG 2.5.8; docs/shell.md#screens; `.cell-link` in app/globals.css). */
export const CELL_LINK = 'cell-link';

/** The row header's content: the record's name as a button that opens it, and any tags after it. */
export function OpenCell({
  label,
  onOpen,
  name,
  children,
}: {
  label: React.ReactNode;
  onOpen: () => void;
  name?: string;
  children?: React.ReactNode;
}) {
  const button = (
    <button type="button" className={CELL_LINK} aria-label={name} onClick={onOpen}>
      {label}
    </button>
  );
  if (!children) return button;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {button}
      {children}
    </span>
  );
}

export type TagTone = 'slate' | 'red' | 'amber' | 'green' | 'brand';
const TONES: Record<TagTone, string> = {
  slate: 'bg-slate-100 text-slate-700',
  red: 'bg-red-50 text-red-800',
  amber: 'bg-amber-50 text-amber-900',
  green: 'bg-green-50 text-green-800',
  brand: 'bg-brand-50 text-brand-800',
};

export function Tag({ tone = 'slate', children }: { tone?: TagTone; children: React.ReactNode }) {
  return <span className={`tag ${TONES[tone]}`}>{children}</span>;
}

/** An empty value. */
export const dash = <span className="text-slate-400">—</span>;

export const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
/** "Yes" stands out as a tag (red for an inactive record, say); "No" is plain. */
export const YesNo = ({ value, tone = 'brand' }: { value: boolean; tone?: TagTone }) =>
  value ? <Tag tone={tone}>Yes</Tag> : <span className="text-slate-600">No</span>;
