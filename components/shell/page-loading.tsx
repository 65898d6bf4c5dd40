/** Shown inside the layout while a page renders on the server (route-level loading.tsx). */
export function PageLoading() {
  return (
    <div role="status" data-page-loading className="flex items-center gap-3 py-8 text-slate-700">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
      Loading…
    </div>
  );
}
