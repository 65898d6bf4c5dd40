'use client';
/**
 * An inspection's systems (docs/adas.md#screens, #evidence, #offline): per system its calibration and OEM
 * procedure, a result with a note and who set it, "not equipped", its evidence, and the state of its change
 * kept on the device; the bar that stays at the bottom while the systems scroll by; and the systems removed
 * from the inspection, which can be added back. What each system shows comes from useInspectionResults.
 */
import { Button } from '@/components/ui/button';
import { CheckboxField, TextArea } from '@/components/ui/field';
import { SimpleTable } from '@/components/ui/simple-table';
import { RESULTS } from '@/lib/adas/rules';
import type { InspectionSystem } from './inspection-props';
import type { AdasSystem } from '@/lib/contract/decode';
import type { EvidenceItem } from '@/lib/contract/evidence';
import { formatDate } from '@/lib/dates';
import { SystemEvidence } from './evidence';
import type { InspectionAccess, InspectionScreenProps } from './inspection-setup';
import { options } from './inspection-fields';
import { ChangeState } from './offline-changes';
import type { InspectionResults } from './use-inspection-results';
import type { OfflineQueue } from './use-offline-queue';

export function InspectionSystems({
  screen: { items, notInstalled, timezone, job, user },
  results: { outcome, savedRow, lastChange, setOutcome, sendOrKeep },
  queue,
  evidence,
  setEvidence,
  access: { complete, shopOnly, busy },
  saveResultsButton,
  onRemove,
  onAddBack,
}: {
  screen: InspectionScreenProps;
  results: InspectionResults;
  queue: OfflineQueue;
  evidence: EvidenceItem[];
  setEvidence: React.Dispatch<React.SetStateAction<EvidenceItem[]>>;
  access: InspectionAccess;
  /** "Save results", shown above the systems and in the bar below them. */
  saveResultsButton: React.ReactNode;
  onRemove: (s: InspectionSystem) => void;
  onAddBack: (s: AdasSystem) => void;
}) {
  const unsent = queue.waiting > 0;
  return (
    <section aria-labelledby="systems" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="systems" className="text-lg font-semibold text-slate-900">
          Systems
        </h2>
        {saveResultsButton}
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">The knowledge base lists no ADAS systems for this vehicle.</p>
      ) : (
        <SimpleTable
          caption="Systems of this inspection with their results"
          columns={[
            {
              id: 'system',
              header: 'System',
              rowHeader: true,
              cell: (s) => (
                <>
                  <span className="font-medium text-slate-900">{s.system}</span>
                  <span className="block text-xs text-slate-600">{[s.oemName, s.location].filter(Boolean).join(' · ')}</span>
                  {s.notice && <span className="mt-1 block text-xs text-amber-900">{s.notice}</span>}
                </>
              ),
            },
            {
              id: 'calibration',
              header: 'Calibration',
              cell: (s) => (
                <>
                  {s.calibrationType || '—'}
                  {s.url && (
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noreferrer"
                      className="flex min-h-6 w-fit items-center text-xs text-brand-700 hover:underline"
                    >
                      OEM procedure<span className="sr-only"> for {s.system} (opens in a new tab)</span>
                    </a>
                  )}
                </>
              ),
            },
            {
              id: 'result',
              header: 'Result',
              cell: (s) => {
                const o = outcome(s.adasChecklistMatrix);
                const saved = savedRow(s.adasChecklistMatrix);
                // Who set the saved result and when (what the report prints), while it is the one shown.
                const setBy =
                  saved?.result != null && saved.result === o.result && !o.isNotEquipped
                    ? saved.resultByName
                      ? `Set by ${saved.resultByName}, ${formatDate(saved.resultAt, timezone)}`
                      : 'Who set it was not recorded'
                    : '';
                return (
                  <>
                    <select
                      aria-label={`Result for ${s.system}`}
                      aria-describedby={setBy ? `set-by-${s.adasChecklistMatrix}` : undefined}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                      value={o.result ?? ''}
                      disabled={complete || o.isNotEquipped}
                      onChange={(e) => setOutcome(s.adasChecklistMatrix, { result: e.target.value ? Number(e.target.value) : null })}
                    >
                      <option value="">No result yet</option>
                      {options(RESULTS).map((r) => (
                        <option key={r.value} value={r.value}>
                          {r.label}
                        </option>
                      ))}
                    </select>
                    {setBy && (
                      <span
                        id={`set-by-${s.adasChecklistMatrix}`}
                        className="mt-1 block text-xs text-slate-600"
                        data-testid="result-set-by"
                      >
                        {setBy}
                      </span>
                    )}
                    <TextArea
                      label={`Note on ${s.system}`}
                      hideLabel
                      placeholder="Note: why it failed, what was done instead, part ordered"
                      rows={2}
                      className="mt-1 text-xs"
                      maxLength={500}
                      value={o.notes}
                      disabled={complete}
                      onChange={(e) => setOutcome(s.adasChecklistMatrix, { notes: e.target.value })}
                    />
                    <ChangeState
                      change={lastChange(s.adasChecklistMatrix)}
                      sent={queue.sent.some((x) => x.kind === 'result' && x.adasChecklistMatrix === s.adasChecklistMatrix)}
                    />
                  </>
                );
              },
            },
            {
              id: 'notEquipped',
              header: 'Not equipped',
              cell: (s) => {
                const o = outcome(s.adasChecklistMatrix);
                return (
                  <CheckboxField
                    label={`${s.system} not equipped`}
                    hideLabel
                    checked={o.isNotEquipped}
                    disabled={complete || busy}
                    onChange={(e) =>
                      setOutcome(s.adasChecklistMatrix, { isNotEquipped: e.target.checked, result: e.target.checked ? null : o.result })
                    }
                  />
                );
              },
            },
            {
              id: 'evidence',
              header: 'Evidence',
              cell: (s) => (
                <SystemEvidence
                  system={s.system}
                  adasInspectionResult={s.adasInspectionResult}
                  firm={job.firm}
                  items={evidence.filter((e) => e.adasInspectionResult === s.adasInspectionResult)}
                  readOnly={complete}
                  onAdded={(added) => setEvidence((list) => [...list, ...added])}
                  onRemoved={(gone) => setEvidence((list) => list.filter((e) => e.adasEvidence !== gone))}
                  send={sendOrKeep}
                  pending={queue.changes.flatMap((c) =>
                    c.kind === 'evidence' && c.adasInspectionResult === s.adasInspectionResult
                      ? [{ key: c.seq!, fileName: c.fileName, caption: c.caption, file: c.file, state: c.state, message: c.message }]
                      : [],
                  )}
                  sentIds={queue.sent.flatMap((x) => x.evidence ?? [])}
                  captionKey={`caption:${user}:${s.adasInspectionResult}`}
                />
              ),
            },
            {
              id: 'remove',
              header: 'Remove',
              headerHidden: true,
              cell: (s) =>
                outcome(s.adasChecklistMatrix).isNotEquipped &&
                !complete &&
                shopOnly && (
                  <Button variant="ghost" disabled={busy} onClick={() => onRemove(s)}>
                    Remove<span className="sr-only"> {s.system}</span>
                  </Button>
                ),
            },
          ]}
          rows={items}
          rowKey={(s) => s.adasInspectionResult}
          rowAttributes={() => ({ className: 'align-top', 'data-testid': 'system-row' })}
          cardsOnPhone
        />
      )}
      {items.length > 0 && !complete && (
        <div
          className="sticky bottom-0 z-20 -mx-1 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-1 py-2 backdrop-blur"
          data-testid="save-bar"
        >
          <span className="mr-auto text-xs text-slate-700" aria-live="polite">
            {unsent ? `${queue.waiting} unsent change${queue.waiting === 1 ? '' : 's'} kept on this device` : 'Every change is saved'}
          </span>
          {saveResultsButton}
        </div>
      )}
      {notInstalled.length > 0 && !complete && shopOnly && (
        <div className="flex flex-col gap-2 rounded-lg border border-dashed border-slate-300 p-3">
          <h3 className="text-sm font-semibold text-slate-900">Systems removed from this inspection</h3>
          <ul className="flex flex-col gap-1">
            {notInstalled.map((s) => (
              <li key={s.adasChecklistMatrix} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>{s.system}</span>
                <Button variant="secondary" disabled={busy} onClick={() => onAddBack(s)}>
                  Add back<span className="sr-only"> {s.system}</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
