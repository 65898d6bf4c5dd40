/** An in-page message. `role="alert"` announces errors; status messages are polite. */
export function Alert({ kind = 'error', children, id }: { kind?: 'error' | 'info' | 'success'; children: React.ReactNode; id?: string }) {
  const tone =
    kind === 'error'
      ? 'border-red-300 bg-red-50 text-red-800'
      : kind === 'success'
        ? 'border-green-300 bg-green-50 text-green-800'
        : 'border-brand-100 bg-brand-50 text-brand-800';
  return (
    <div id={id} role={kind === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${tone}`}>
      {children}
    </div>
  );
}
