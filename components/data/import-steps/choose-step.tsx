'use client';
/**
 * The first step: which kind of records to import (the schemas the host offers). Choosing one loads its
 * saved templates, so the buttons wait while that runs.
 */
import { Button } from '@/components/ui/button';
import type { SchemaSummary } from '@/lib/contract/data';

export function ChooseStep({
  schemas,
  chosen,
  busy,
  onChoose,
}: {
  schemas: SchemaSummary[];
  chosen: string | null;
  busy: boolean;
  onChoose: (name: SchemaSummary['name']) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">What do you want to import?</p>
      <div className="flex flex-wrap gap-2">
        {schemas.map((s) => (
          <Button key={s.name} variant={chosen === s.name ? 'primary' : 'secondary'} disabled={busy} onClick={() => onChoose(s.name)}>
            {s.displayName}
          </Button>
        ))}
      </div>
    </div>
  );
}
