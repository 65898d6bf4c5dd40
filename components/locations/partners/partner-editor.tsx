'use client';
/**
 * A firm's insurance opt-in programs (/insurance) or calibration providers (/providers): the list with
 * its opt-in switches, a search to add more, and Save. The change rules are rules.ts; after a save the
 * list reloads from the server.
 */
import { useState } from 'react';
import { HistoryButton } from '@/components/history';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import { RADIUS_DEFAULT, RADIUS_MAX, RADIUS_MESSAGE, RADIUS_MIN } from '@/lib/contract/locations-constants';
import type { PartnerEntry } from '@/lib/contract/locations-partners';
import { MESSAGES } from '@/lib/validation/messages';
import { partnerApi } from '../api';
import { PartnerTable } from './partner-table';
import { addEntry, hasChanges, isChosen, toggleOptIn } from './rules';

export type PartnerKind = 'programs' | 'providers';

const TEXT = {
  programs: {
    noun: 'programs',
    one: 'program',
    caption: 'Opt-in programs',
    empty: 'This location has not opted in to any program yet.',
    search: 'Find a program',
  },
  providers: {
    noun: 'providers',
    one: 'provider',
    caption: 'Providers',
    empty: 'This location has no providers yet.',
    search: 'Find providers',
  },
} as const;

export function PartnerEditor({ kind, firm, initial }: { kind: PartnerKind; firm: number; initial: readonly PartnerEntry[] }) {
  const t = TEXT[kind];
  const [list, setList] = useState<readonly PartnerEntry[]>(initial);
  const calls = useForm();
  const { busy, message, say } = calls;
  const changed = hasChanges(list);

  const reload = async () => setList(await partnerApi[kind].list(firm));
  const save = () =>
    calls.run(async () => {
      await partnerApi[kind].save(firm, list);
      await reload();
      return `Your ${t.noun} are saved.`;
    });

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <section aria-labelledby={`${kind}-list`} className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${kind}-list`} className="text-lg font-semibold text-slate-900">
            {kind === 'programs' ? 'Your opt-in programs' : 'Your providers'}
          </h2>
          <div className="flex flex-wrap gap-2">
            <HistoryButton kind="locationPartners" id={firm} label="your opt-in programs and providers" />
            <Button
              variant="secondary"
              disabled={!changed || busy}
              onClick={() => {
                setList(initial);
                say(null);
                void reload().catch((e: Error) => say(e.message));
              }}
            >
              Undo changes
            </Button>
            <Button disabled={!changed || busy} onClick={save}>
              {busy ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </div>
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <p role="status" className="sr-only">
          {changed ? 'You have unsaved changes.' : ''}
        </p>
        {list.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 bg-white px-3 py-6 text-center text-sm text-slate-600">
            {t.empty}
          </p>
        ) : (
          <PartnerTable
            caption={t.caption}
            entries={list}
            showRelationship={kind === 'providers'}
            actionHeader="Opted in"
            action={(e) =>
              isChosen(e) ? (
                <input
                  type="checkbox"
                  className="size-6 accent-brand-600"
                  aria-label={`Opted in to ${e.firmName}`}
                  checked={e.isOptIn}
                  onChange={() => {
                    setList((l) => toggleOptIn(l, e.firm2));
                    say(null);
                  }}
                />
              ) : (
                <span className="text-xs text-slate-600">Your network</span>
              )
            }
          />
        )}
      </section>

      {kind === 'programs' ? (
        <ProgramSearch firm={firm} list={list} onAdd={(e) => setList((l) => addEntry(l, e))} />
      ) : (
        <ProviderSearch firm={firm} list={list} onAdd={(e) => setList((l) => addEntry(l, e))} />
      )}
    </div>
  );
}

interface SearchProps {
  firm: number;
  list: readonly PartnerEntry[];
  onAdd: (e: PartnerEntry) => void;
}

function AddButton({ entry, list, onAdd }: { entry: PartnerEntry; list: readonly PartnerEntry[]; onAdd: (e: PartnerEntry) => void }) {
  const inList = list.find((e) => e.firm2 === entry.firm2);
  const added = !!inList && isChosen(inList) && inList.isOptIn;
  return (
    <Button
      variant="secondary"
      disabled={added}
      onClick={() => onAdd(entry)}
      aria-label={added ? `${entry.firmName} is in your list` : `Add ${entry.firmName}`}
    >
      {added ? 'In your list' : 'Add'}
    </Button>
  );
}

function ProgramSearch({ firm, list, onAdd }: SearchProps) {
  const [results, setResults] = useState<readonly PartnerEntry[] | null>(null);
  const form = useForm({
    initial: { term: '' },
    check: (d) => ({ term: d.term.trim() ? null : MESSAGES.required }),
    invalid: null,
    save: async (d) => setResults(await partnerApi.programs.search(firm, d.term.trim())),
  });
  const { busy } = form;
  const error = form.errors.term ?? form.message?.text ?? null;
  return (
    <section aria-labelledby="program-search" className="flex min-w-0 flex-col gap-3">
      <h2 id="program-search" className="text-lg font-semibold text-slate-900">
        Find a program
      </h2>
      <form onSubmit={(e) => void form.submit(e)} noValidate className="flex flex-wrap items-start gap-2">
        <div className="w-full sm:w-80">
          <TextField label="Program name" value={form.draft.term} onChange={(e) => form.set('term', e.target.value)} error={error} />
        </div>
        <Button type="submit" className="sm:mt-6" disabled={busy}>
          {busy ? 'Searching…' : 'Search'}
        </Button>
      </form>
      <p role="status" className="text-sm text-slate-600">
        {results && `${results.length} ${results.length === 1 ? 'program' : 'programs'} found.`}
      </p>
      {results && results.length > 0 && (
        <PartnerTable
          caption="Programs found"
          entries={results}
          actionHeader="Add"
          action={(e) => <AddButton entry={e} list={list} onAdd={onAdd} />}
        />
      )}
    </section>
  );
}

function ProviderSearch({ firm, list, onAdd }: SearchProps) {
  const [results, setResults] = useState<{ entries: readonly PartnerEntry[]; radius: number } | null>(null);
  const search = useForm({
    initial: { search: '', postalcode: '', radius: String(RADIUS_DEFAULT) },
    check: (d) => {
      const radius = Number(d.radius);
      return { radius: !/^\d+(\.\d+)?$/.test(d.radius.trim()) || radius < RADIUS_MIN || radius > RADIUS_MAX ? RADIUS_MESSAGE : null };
    },
    invalid: null,
    save: async (d) => {
      const radius = Number(d.radius);
      const entries = await partnerApi.providers.search(firm, d.search.trim(), d.postalcode.trim(), radius);
      setResults({ entries, radius });
    },
  });
  const { draft: form, set, errors, busy } = search;
  // A refusal that names no field is said under the form.
  const failure = search.message && !Object.keys(errors).length ? search.message.text : null;
  return (
    <section aria-labelledby="provider-search" className="flex min-w-0 flex-col gap-3">
      <h2 id="provider-search" className="text-lg font-semibold text-slate-900">
        Find providers
      </h2>
      <form
        onSubmit={(e) => void search.submit(e)}
        noValidate
        className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,9rem)_minmax(0,8rem)_auto]"
      >
        <TextField label="Name" value={form.search} onChange={(e) => set('search', e.target.value)} error={errors.search} maxLength={100} />
        <TextField
          label="Postal code"
          hint="Blank: this location's"
          value={form.postalcode}
          onChange={(e) => set('postalcode', e.target.value)}
          error={errors.postalcode}
          maxLength={10}
          autoComplete="postal-code"
        />
        <TextField
          label="Radius (miles)"
          inputMode="numeric"
          value={form.radius}
          onChange={(e) => set('radius', e.target.value)}
          error={errors.radius}
          maxLength={5}
        />
        <Button type="submit" className="sm:mt-6" disabled={busy}>
          {busy ? 'Searching…' : 'Search'}
        </Button>
      </form>
      {failure && <Alert>{failure}</Alert>}
      <p role="status" className="text-sm text-slate-600">
        {results &&
          `${results.entries.length} ${results.entries.length === 1 ? 'provider' : 'providers'} within ${results.radius} miles, nearest first.`}
      </p>
      {results && results.entries.length > 0 && (
        <PartnerTable
          caption="Providers found"
          entries={results.entries}
          showRelationship
          showDistance
          actionHeader="Add"
          action={(e) => <AddButton entry={e} list={list} onAdd={onAdd} />}
        />
      )}
    </section>
  );
}
