'use client';
/**
 * The Locations tab (docs/users.md#screens): a checklist of the locations the signed-in admin can give, in
 * network order, with a Primary box per location enabled only while it is checked and exactly one primary.
 * A location reached through a checked one above it says so: a user reaches every firm below their
 * locations. Saved with user/saveUserLocations (the checked locations, userFirm cleared).
 */
import { Icon } from '@/components/ui/icon';
import { useEffect, useId, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/field';
import { SimpleTable } from '@/components/ui/simple-table';
import { useForm } from '@/components/ui/use-form';
import { useLoaded } from '@/components/ui/use-loaded';
import type { UserLocation } from '@/lib/contract/users';
import { userApi } from './api';
import { choosePrimary, linksToSave, locationsProblem, reachedThrough, sameLocations, toggleLocation } from './rules';

export const LOCATIONS_HELP = 'Select those locations this user will have access to.';
/** From this many locations on, a filter box narrows the list. */
const FILTER_FROM = 12;

const TYPE_LABEL: Record<string, string> = { platform: 'Platform', franchiser: 'Franchiser', franchisee: 'Franchisee', shop: 'Shop' };

export function LocationsTab({
  user,
  name,
  onDirtyChange,
  onSaved,
}: {
  user: number;
  name: string;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: () => void;
}) {
  const loaded = useLoaded((signal) => userApi.locations(user, signal), user);
  const saved = loaded.data;
  const [rows, setRows] = useState<UserLocation[] | null>(null);
  // The rows shown start from each list loaded (or saved).
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    setRows(saved);
  }
  const calls = useForm();
  const { busy, message, say } = calls;
  const [filter, setFilter] = useState('');
  const filterId = useId();

  const dirty = rows !== null && saved !== null && !sameLocations(rows, saved);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const through = useMemo(() => (rows ? reachedThrough(rows) : new Map<number, string>()), [rows]);
  const shown = useMemo(() => {
    const term = filter.trim().toLowerCase();
    return (rows ?? []).filter((r) => !term || r.firmName.toLowerCase().includes(term) || r.checked);
  }, [rows, filter]);

  const change = (next: UserLocation[]) => {
    setRows(next);
    say(null);
  };

  const save = () => {
    if (!rows) return;
    const problem = locationsProblem(rows);
    if (problem) return say(problem);
    void calls.run(async () => {
      await userApi.saveLocations(linksToSave(rows, user));
      loaded.set(rows);
      onSaved();
      return 'Locations saved.';
    });
  };

  if (loaded.error) return <Alert>{loaded.error}</Alert>;
  if (!rows)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Icon name="loader-circle" className="size-4 animate-spin" />
        Loading…
      </p>
    );

  return (
    <div className="flex flex-col gap-3" data-testid="user-locations">
      <p className="text-sm text-slate-800">{LOCATIONS_HELP}</p>
      {rows.length >= FILTER_FROM && (
        <div className="flex flex-col gap-1">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
            Find a location
          </label>
          <input
            id={filterId}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className="w-64 max-w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
        </div>
      )}
      <SimpleTable
        caption={`Locations of ${name}`}
        columns={[
          {
            id: 'location',
            header: 'Location',
            rowHeader: true,
            cell: (r) => (
              <label className="flex items-start gap-2" style={{ paddingLeft: `${Math.min(r.depth, 6) * 1.25}rem` }}>
                <input
                  type="checkbox"
                  className="size-6 shrink-0 accent-brand-600"
                  checked={r.checked}
                  onChange={(e) => change(toggleLocation(rows, r.firm, e.target.checked))}
                />
                <span className="min-w-0 break-words">
                  <span className="text-slate-900">{r.firmName}</span>
                  <span className="ml-1.5 text-xs text-slate-600">{TYPE_LABEL[r.firmType] ?? r.firmType}</span>
                  {!r.checked && through.has(r.firm) && (
                    <span className="block text-xs text-slate-600">Reached through {through.get(r.firm)}</span>
                  )}
                </span>
              </label>
            ),
          },
          {
            id: 'primary',
            header: 'Primary',
            className: 'w-24 text-center',
            cell: (r) => (
              <CheckboxField
                label={`Primary location: ${r.firmName}`}
                hideLabel
                className="justify-center"
                checked={r.isPrimary === 1}
                disabled={!r.checked}
                onChange={(e) => change(choosePrimary(rows, r.firm, e.target.checked))}
              />
            ),
          },
        ]}
        rows={shown}
        rowKey={(r) => r.firm}
        rowAttributes={(r) => ({ className: r.checked ? 'bg-brand-50' : '' })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant={dirty ? 'danger' : 'secondary'} onClick={save} disabled={busy}>
          {busy ? 'Saving…' : 'Save Locations'}
        </Button>
        {message && (
          <div className="min-w-0 flex-1">
            <Alert kind={message.kind}>{message.text}</Alert>
          </div>
        )}
      </div>
    </div>
  );
}
