/** Shown on every page of every non-prod environment (docs/shell.md#screens). */
export function UatBanner({ version, env }: { version: string; env: string }) {
  return (
    <div role="note" aria-label="Environment" className="bg-amber-300 px-4 py-1 text-center text-xs font-semibold text-amber-950">
      User Acceptance Testing · version {version} · {env}
    </div>
  );
}
