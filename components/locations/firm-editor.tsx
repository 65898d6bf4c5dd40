'use client';
/**
 * A location: its details (the Location add form), preferences and calibration pricing, in one dialog.
 * Editors (roles 1–3) save and remove; everyone else on /locations reads. Pricing is for the roles the
 * pricing calls allow (canPrice), on every location but the platform, whose network defaults are edited in
 * Configuration. A new location gets its other tabs once saved. Removing asks first, and a refusal (users or locations still under it) is shown.
 */
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useState } from 'react';
import { HistoryButton } from '@/components/history';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { deleteQuestion } from '@/lib/validation/messages';
import { Dialog } from '@/components/ui/dialog';
import { Tabs } from '@/components/ui/tabs';
import { useLookups } from '@/components/lookups';
import type { FirmRecord } from '@/lib/contract/locations';
import { FIRM_TYPE_LABELS, type FirmType } from '@/lib/contract/locations-constants';
import { formatCount } from '@/lib/format';
import { firmApi } from './api';
import { FirmDetails, blankFirm, type FirmDraft, type NewFirmDefaults } from './firm-details';
import { FirmPreferences } from './firm-preferences';
import { FirmPricing } from './firm-pricing';
import { NEW_FIRM } from './rules';

const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog), { ssr: false });

export interface FirmTarget {
  /** The location, or NEW_FIRM to add one. */
  firm: number;
  /** For a new location. */
  defaults?: NewFirmDefaults;
}

export interface FirmEditorProps {
  target: FirmTarget;
  canEdit: boolean;
  /** May see and set the location's calibration prices (the pricing calls' roles). */
  canPrice: boolean;
  /** The signed-in user's own location (its brand shows in the top bar). */
  ownFirm: number;
  userDefaults: { timezoneId: number | null; languageId: number | null };
  onClose: () => void;
  /** After a save or removal (the list or tree re-renders). */
  onChanged: () => void;
  /** Opens a new location under this one. */
  onAddUnder: (parent: { firm: number; name: string; type: FirmType }) => void;
  onShowInNetwork: (firm: number) => void;
}

export function FirmEditor({
  target,
  canEdit,
  canPrice,
  ownFirm,
  userDefaults,
  onClose,
  onChanged,
  onAddUnder,
  onShowInNetwork,
}: FirmEditorProps) {
  const router = useRouter();
  const lookups = useLookups(['StateProvince', 'Country', 'TimeZone', 'Language']);
  const base = useId();
  const [firm, setFirm] = useState(target.firm);
  const [draft, setDraft] = useState<FirmDraft | null>(() =>
    target.firm === NEW_FIRM ? blankFirm(target.defaults ?? { parent: null, firmType: null, ...userDefaults }) : null,
  );
  const [record, setRecord] = useState<FirmRecord | null>(null);
  const [savedName, setSavedName] = useState('');
  // The record's load (an effect, not a call the user makes) fails here: not the form hook's message.
  const [loadError, setLoadError] = useState<string | null>(null);
  // Mirrors the open tab's form (each tab's own form hook runs its save), so the footer waits with it.
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState('details');
  // The dialog's note after a first save, shown above every tab; each tab's form keeps its own message.
  const [flash, setFlash] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const saved = firm !== NEW_FIRM;

  useEffect(() => {
    if (!saved) return;
    const ctrl = new AbortController();
    Promise.all([firmApi.form(firm, ctrl.signal), firmApi.record(firm, ctrl.signal)])
      .then(([form, rec]) => {
        setDraft((d) => d ?? form);
        setRecord(rec);
        setSavedName(rec.company);
      })
      .catch((e: Error) => e.name !== 'AbortError' && setLoadError(e.message));
    return () => ctrl.abort();
  }, [firm, saved]);

  const readOnly = !canEdit;
  const formIds = { details: `${base}-details`, preferences: `${base}-preferences`, pricing: `${base}-pricing` };
  // The open tab's form, which the footer's Save submits (every tab has one today).
  const tabForm = Object.entries(formIds).find(([id]) => id === tab)?.[1];
  const title = !saved
    ? target.defaults?.parent
      ? `Adding Location to ${target.defaults.parent.name}`
      : 'Adding Location'
    : `${readOnly ? 'Location' : 'Editing Location'}: ${savedName || '…'}`;

  return (
    <>
      <Dialog
        open
        onOpenChange={(o) => !o && !busy && onClose()}
        title={title}
        size="xl"
        footer={
          <>
            {saved && <span className="mr-auto text-xs text-slate-600">Location {firm}</span>}
            {saved && <HistoryButton kind="location" id={firm} label={savedName || `location ${firm}`} />}
            {saved && record && canEdit && record.firmType !== 'platform' && (
              <Button variant="danger" disabled={busy} onClick={() => setRemoving(true)}>
                Remove
              </Button>
            )}
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {readOnly ? 'Close' : flash ? 'Done' : 'Cancel'}
            </Button>
            {canEdit && tabForm && (
              <Button type="submit" form={tabForm} disabled={busy || !draft}>
                {busy ? 'Saving…' : 'Save'}
              </Button>
            )}
          </>
        }
      >
        {loadError && <Alert>{loadError}</Alert>}
        {lookups.error && <Alert>{`The choices could not be loaded: ${lookups.error}`}</Alert>}
        {flash && (
          <div className="mb-3">
            <Alert kind="success">{flash}</Alert>
          </div>
        )}
        {saved && record && (
          <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
            <span>{FIRM_TYPE_LABELS[record.firmType]}</span>
            {record.parentName && <span>Under {record.parentName}</span>}
            <span>
              {formatCount(record.users)} {record.users === 1 ? 'user' : 'users'}, {formatCount(record.children)}{' '}
              {record.children === 1 ? 'location' : 'locations'} under it
            </span>
            {record.isInactive && <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-800">Inactive</span>}
            <span className="flex flex-wrap gap-2 sm:ml-auto">
              <Button variant="secondary" onClick={() => onShowInNetwork(firm)}>
                Show in network
              </Button>
              {canEdit && record.firmType !== 'shop' && (
                <Button variant="secondary" onClick={() => onAddUnder({ firm, name: record.company, type: record.firmType })}>
                  Add location under it
                </Button>
              )}
            </span>
          </div>
        )}
        {!draft && !loadError && (
          <p role="status" className="text-sm text-slate-600">
            Loading…
          </p>
        )}
        {draft && (
          <Tabs
            label="Location sections"
            value={tab}
            onChange={setTab}
            tabs={[
              {
                id: 'details',
                label: 'Details',
                content: (
                  <FirmDetails
                    formId={formIds.details}
                    initial={draft}
                    lookups={lookups}
                    readOnly={readOnly}
                    onBusy={setBusy}
                    onSaved={(id, d) => {
                      const wasNew = !saved;
                      setFirm(id);
                      setDraft(d);
                      setSavedName(d.company);
                      onChanged();
                      if (wasNew) setFlash('Saved. You can now set its preferences.');
                      else onClose();
                    }}
                  />
                ),
              },
              {
                id: 'preferences',
                label: 'Preferences',
                disabled: !saved || !record,
                content: saved && record && (
                  <FirmPreferences
                    firm={firm}
                    formId={formIds.preferences}
                    readOnly={readOnly}
                    isInactive={record.isInactive}
                    onBusy={setBusy}
                    onSaved={(change) => {
                      if (change.status) onChanged();
                      // The user's own location: the top bar shows the new brand now.
                      if (change.brand && firm === ownFirm) router.refresh();
                    }}
                  />
                ),
              },
              ...(canPrice && record?.firmType !== 'platform'
                ? [
                    {
                      id: 'pricing',
                      label: 'Pricing',
                      disabled: !saved || !record,
                      content: saved && record && <FirmPricing firm={firm} formId={formIds.pricing} onBusy={setBusy} />,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Dialog>
      {removing && (
        <ConfirmDialog
          open={removing}
          onOpenChange={setRemoving}
          title="Remove location"
          message={deleteQuestion(`Location (${savedName})`)}
          onConfirm={async () => {
            await firmApi.remove(firm);
            onChanged();
            onClose();
          }}
        />
      )}
    </>
  );
}
