/**
 * The progress of a long step (reading, checking, importing the file): one bar with its label and a line
 * of text, the same on every step that shows one.
 */
export function ProgressBar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  return (
    <div className="flex flex-col gap-1">
      <progress aria-label={label} className="h-3 w-full" value={value} max={max || 1} />
      <p className="text-sm text-slate-700">{text}</p>
    </div>
  );
}
