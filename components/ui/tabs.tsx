'use client';
/**
 * Tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs (roving tabindex); a panel is
 * mounted on its first visit and then kept (hidden), so its state survives switching tabs.
 */
import { useId, useRef, useState } from 'react';

export interface TabDef {
  id: string;
  label: string;
  content: React.ReactNode;
  disabled?: boolean;
}

export function Tabs({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: readonly TabDef[];
  value: string;
  onChange: (id: string) => void;
}) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([value]));
  if (!visited.has(value)) setVisited(new Set([...visited, value]));

  const enabled = tabs.filter((t) => !t.disabled);
  const move = (to: TabDef | undefined) => {
    if (!to) return;
    onChange(to.id);
    refs.current[to.id]?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const at = enabled.findIndex((t) => t.id === value);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (step) move(enabled[(at + step + enabled.length) % enabled.length]);
    else if (e.key === 'Home') move(enabled[0]);
    else if (e.key === 'End') move(enabled[enabled.length - 1]);
    else return;
    e.preventDefault();
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === value}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={t.id === value ? 0 : -1}
            disabled={t.disabled}
            onClick={() => onChange(t.id)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap disabled:cursor-not-allowed disabled:text-slate-400 ${
              t.id === value ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-700 hover:text-slate-900'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) =>
        visited.has(t.id) ? (
          <div
            key={t.id}
            role="tabpanel"
            id={`${base}-panel-${t.id}`}
            aria-labelledby={`${base}-tab-${t.id}`}
            hidden={t.id !== value}
            tabIndex={0}
          >
            {t.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
