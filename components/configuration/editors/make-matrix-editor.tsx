'use client';
/**
 * The make matrix editor (docs/configuration.md#fields "ADAS make matrix"): the vehicle (system, make, years, models),
 * where the system sits and how it is calibrated, the CCC keywords that trigger it (chips; comma text on
 * the server), the trigger notice and the source — saved in one call with the models' isAdd/isDelete.
 * A second tab keeps the OEM's other names of the system and location and its static and dynamic
 * calibration procedures (admin/saveAdasMakeMatrixLookups), once the make matrix exists.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { HistoryButton } from '@/components/history';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, SaveCancel } from '@/components/ui/dialog';
import { useForm } from '@/components/ui/use-form';
import { Tabs } from '@/components/ui/tabs';
import type { MakeMatrixCategories, MakeMatrixRecord } from '@/lib/contract/admin';
import { calibrationTypeLabel } from '@/lib/configuration/constants';
import { joinKeywords, splitKeywords } from '@/lib/configuration/keywords';
import { modelChanges, type ModelRef } from '@/lib/configuration/models';
import { configApi } from '../api';
import { FormFields, editorCheck, type Draft, type FieldDef } from '../editor';
import { checkYearRange } from '../rules';

const num = (v: unknown) => (v === '' || v == null ? null : Number(v));
const text = (v: unknown) => String(v ?? '');
const chips = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);

function draftOf(r: MakeMatrixRecord | null, defaults: { vehicleMake: string; adasChecklistMatrix: number }): Draft {
  return {
    adasChecklistMatrix: r ? String(r.adasChecklistMatrix) : defaults.adasChecklistMatrix ? String(defaults.adasChecklistMatrix) : '',
    vehicleMake: r?.vehicleMake ?? defaults.vehicleMake,
    yearStart: r ? String(r.yearStart) : '',
    yearEnd: r ? String(r.yearEnd) : '',
    models: r?.models.map((m) => m.name) ?? [],
    system: r?.system ?? '',
    location: r?.location ?? '',
    systemType: r?.systemType ? String(r.systemType) : '',
    locationType: r?.locationType ? String(r.locationType) : '',
    calibrationType: r?.calibrationType ? String(r.calibrationType) : '',
    isRR: r?.isRR ?? false,
    isRI: r?.isRI ?? false,
    cccLineKeywords: splitKeywords(r?.cccLineKeywords ?? ''),
    cccLocationKeywords: splitKeywords(r?.cccLocationKeywords ?? ''),
    cccSubletKeywords: splitKeywords(r?.cccSubletKeywords ?? ''),
    triggerNotice: r?.triggerNotice ?? false,
    triggerNoticeText: r?.triggerNoticeText ?? '',
    source: r?.source ?? '',
    url: r?.url ?? '',
    isInactive: r?.isInactive ?? false,
  };
}

export interface MakeMatrixEditorProps {
  /** The make matrix, or null to add one. */
  id: number | null;
  categories: MakeMatrixCategories;
  /** A new one starts with the list's make and system filters. */
  defaults: { vehicleMake: string; adasChecklistMatrix: number };
  onClose: () => void;
  /** After a save: the message for the list. */
  onSaved: (message: string) => void;
}

export function MakeMatrixEditor({ id, categories, defaults, onClose, onSaved }: MakeMatrixEditorProps) {
  const [record, setRecord] = useState<MakeMatrixRecord | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (id === null) return;
    const ctrl = new AbortController();
    configApi
      .makeMatrix(id, ctrl.signal)
      .then(setRecord)
      .catch((e: Error) => e.name !== 'AbortError' && setLoadError(e.message));
    return () => ctrl.abort();
  }, [id]);

  if (id !== null && !record)
    return (
      <Dialog open onOpenChange={(o) => !o && onClose()} title="Make matrix" size="xl">
        {loadError ? (
          <Alert>{`The make matrix could not be loaded: ${loadError}`}</Alert>
        ) : (
          <p role="status" className="text-sm text-slate-600">
            Loading…
          </p>
        )}
      </Dialog>
    );
  return <MakeMatrixForm record={record} categories={categories} defaults={defaults} onClose={onClose} onSaved={onSaved} />;
}

function MakeMatrixForm({
  record,
  categories,
  defaults,
  onClose,
  onSaved,
}: Omit<MakeMatrixEditorProps, 'id'> & { record: MakeMatrixRecord | null }) {
  const formId = useId();
  const [savedId, setSavedId] = useState(record?.adasChecklistMatrixVehicle ?? -1);
  const [models, setModels] = useState<ModelRef[]>(record?.models ?? []);
  const [tab, setTab] = useState('matrix');
  // The dialog's note across its tabs (the first save, the names saved); each tab's form keeps its own message.
  const [notice, setNotice] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [name, setName] = useState(record ? `${record.vehicleMake} ${record.matrixItem}` : '');

  const systemOptions = categories.systems.map((s) => ({
    value: s.adasChecklistMatrix,
    label: s.isInactive ? `${s.matrixItem} (inactive)` : s.matrixItem,
  }));
  const form = useForm<Draft>({
    initial: draftOf(record, defaults),
    // The fields depend on the draft (the notice's text only with a notice): the ones drawn last are checked.
    check: (d) =>
      editorCheck(allFields, (x) => ({
        ...checkYearRange(x),
        ...(x.triggerNotice && !text(x.triggerNoticeText).trim() ? { triggerNoticeText: 'The notice needs its text' } : {}),
      }))(d),
    change: (d, key, value) => {
      const next = { ...d, [key]: value };
      // A calibration of another system type no longer fits.
      if (key === 'systemType' && value && d.calibrationType) {
        const cal = categories.calibrationTypes.find((c) => String(c.calibrationType) === d.calibrationType);
        if (cal && String(cal.systemType) !== value) next.calibrationType = '';
      }
      return next;
    },
    save: async (d) => {
      const wasNew = savedId <= 0;
      const body = {
        adasChecklistMatrixVehicle: savedId,
        adasChecklistMatrix: num(d.adasChecklistMatrix) ?? 0,
        vehicleMake: text(d.vehicleMake),
        yearStart: Number(d.yearStart),
        yearEnd: Number(d.yearEnd),
        system: text(d.system),
        location: text(d.location),
        isRR: d.isRR === true,
        isRI: d.isRI === true,
        systemType: num(d.systemType),
        locationType: num(d.locationType),
        calibrationType: num(d.calibrationType),
        url: text(d.url),
        source: text(d.source),
        triggerNotice: d.triggerNotice === true,
        triggerNoticeText: text(d.triggerNoticeText),
        cccLineKeywords: joinKeywords(chips(d.cccLineKeywords)),
        cccLocationKeywords: joinKeywords(chips(d.cccLocationKeywords)),
        cccSubletKeywords: joinKeywords(chips(d.cccSubletKeywords)),
        isInactive: d.isInactive === true,
        models: modelChanges(models, chips(d.models)),
      };
      const { id } = await configApi.saveMakeMatrix(body);
      const saved = await configApi.makeMatrix(id);
      setSavedId(id);
      setModels(saved.models);
      const what = `${saved.vehicleMake} ${saved.matrixItem} ${saved.yearStart}–${saved.yearEnd}`;
      setName(`${saved.vehicleMake} ${saved.matrixItem}`);
      onSaved(wasNew ? `Make matrix ${what} added.` : `Make matrix ${what} saved.`);
      if (wasNew) {
        setNotice('Saved. You can now add the calibration names.');
        setTab('names');
      } else onClose();
    },
  });

  const make = text(form.draft.vehicleMake).trim();
  useEffect(() => {
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      configApi
        .keywords('line,location,sublet', make, ctrl.signal)
        .then(setSuggestions)
        .catch(() => undefined); // suggestions only
    }, 300);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [make]);

  const systemType = text(form.draft.systemType);
  const calibrationOptions = useMemo(
    () =>
      categories.calibrationTypes
        .filter((c) => !systemType || String(c.systemType) === systemType)
        .map((c) => ({ value: c.calibrationType, label: calibrationTypeLabel(c.name, c.mode) })),
    [categories.calibrationTypes, systemType],
  );

  const vehicle: FieldDef[] = [
    { kind: 'select', key: 'adasChecklistMatrix', label: 'System', required: true, options: systemOptions },
    { kind: 'text', key: 'vehicleMake', label: 'Make', required: true, max: 60, suggestions: categories.makes },
    { kind: 'year', key: 'yearStart', label: 'Year start', required: true },
    { kind: 'year', key: 'yearEnd', label: 'Year end', required: true },
    {
      kind: 'chips',
      key: 'models',
      label: 'Models',
      noun: 'models',
      keywords: false,
      hint: 'Leave empty when the make matrix applies to every model of the make.',
    },
  ];
  const placement: FieldDef[] = [
    { kind: 'text', key: 'system', label: 'OEM system name', max: 200 },
    { kind: 'text', key: 'location', label: 'Location', max: 200 },
    {
      kind: 'select',
      key: 'systemType',
      label: 'System type',
      placeholder: 'None',
      options: categories.systemTypes.map((t) => ({ value: t.id, label: t.name })),
    },
    {
      kind: 'select',
      key: 'locationType',
      label: 'Location type',
      placeholder: 'None',
      options: categories.locationTypes.map((t) => ({ value: t.id, label: t.name })),
    },
    { kind: 'select', key: 'calibrationType', label: 'Calibration', placeholder: 'None', options: calibrationOptions, wide: true },
    { kind: 'checkbox', key: 'isRR', label: 'Remove & replace (RR) triggers a calibration' },
    { kind: 'checkbox', key: 'isRI', label: 'Remove & install (RI) triggers a calibration' },
  ];
  const triggers: FieldDef[] = [
    {
      kind: 'chips',
      key: 'cccLineKeywords',
      label: 'CCC line keywords',
      noun: 'keywords',
      suggestions,
      hint: 'Words of an estimate line’s description (bumper cover, emblem, windshield).',
    },
    {
      kind: 'chips',
      key: 'cccLocationKeywords',
      label: 'CCC location keywords',
      noun: 'keywords',
      suggestions,
      hint: 'Estimate sections (Front Bumper, Windshield).',
    },
    {
      kind: 'chips',
      key: 'cccSubletKeywords',
      label: 'CCC sublet keywords',
      noun: 'keywords',
      suggestions,
      hint: 'Sublet lines (wheel alignment, windshield replacement).',
    },
    { kind: 'checkbox', key: 'triggerNotice', label: 'Show a trigger notice', wide: true },
    ...(form.draft.triggerNotice
      ? [{ kind: 'textarea', key: 'triggerNoticeText', label: 'Trigger notice text', required: true, max: 2000 } as FieldDef]
      : []),
    { kind: 'text', key: 'source', label: 'Source', max: 200 },
    { kind: 'url', key: 'url', label: 'Source URL' },
    { kind: 'checkbox', key: 'isInactive', label: 'Inactive' },
  ];
  const allFields = [...vehicle, ...placement, ...triggers];

  const title = savedId > 0 ? `Make matrix: ${name}` : 'Adding make matrix';
  const saved = savedId > 0;
  const busy = form.busy;

  const matrixTab = (
    <form
      id={formId}
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(e) => {
        setNotice(null);
        void form.submit(e);
      }}
    >
      {form.message && <Alert kind={form.message.kind}>{form.message.text}</Alert>}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">Vehicle</legend>
        <FormFields fields={vehicle} form={form} />
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">System and calibration</legend>
        <FormFields fields={placement} form={form} />
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">Triggers</legend>
        <FormFields fields={triggers} form={form} />
      </fieldset>
    </form>
  );

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={title}
      size="xl"
      footer={
        <>
          {saved && <HistoryButton kind="makeMatrix" id={savedId} label={`make matrix ${savedId}`} />}
          <SaveCancel
            formId={tab === 'matrix' ? formId : undefined}
            busy={busy}
            onCancel={onClose}
            cancelLabel={saved && notice ? 'Done' : 'Cancel'}
            note={saved && `Make matrix ${savedId}`}
          />
        </>
      }
    >
      {notice && (
        <div className="mb-3">
          <Alert kind="success">{notice}</Alert>
        </div>
      )}
      <Tabs
        label="Make matrix sections"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'matrix', label: 'Make matrix', content: matrixTab },
          {
            id: 'names',
            label: 'Calibration names',
            disabled: !saved,
            content: saved && (
              <NamesForm id={savedId} system={num(form.draft.adasChecklistMatrix) ?? 0} record={record} onSaved={(m) => setNotice(m)} />
            ),
          },
        ]}
      />
    </Dialog>
  );
}

/** The OEM's other names (admin/saveAdasMakeMatrixLookups). */
function NamesForm({
  id,
  system,
  record,
  onSaved,
}: {
  id: number;
  system: number;
  record: MakeMatrixRecord | null;
  onSaved: (message: string) => void;
}) {
  const formId = useId();
  const fields: FieldDef[] = [
    { kind: 'chips', key: 'systems', label: 'Other names of the system', noun: 'names', keywords: false },
    { kind: 'chips', key: 'locations', label: 'Other names of the location', noun: 'names', keywords: false },
    { kind: 'chips', key: 'static', label: 'Static calibration procedures', noun: 'procedures', keywords: false },
    { kind: 'chips', key: 'dynamic', label: 'Dynamic calibration procedures', noun: 'procedures', keywords: false },
  ];
  const form = useForm<Draft>({
    initial: {
      systems: record?.systems ?? [],
      locations: record?.locations ?? [],
      static: record?.static ?? [],
      dynamic: record?.dynamic ?? [],
    },
    check: editorCheck(fields),
    save: async (d) => {
      await configApi.saveMakeMatrixNames({
        adasChecklistMatrix: system,
        adasChecklistMatrixVehicle: id,
        systems: chips(d.systems),
        locations: chips(d.locations),
        static: chips(d.static),
        dynamic: chips(d.dynamic),
      });
      onSaved('Calibration names saved.');
    },
  });
  return (
    <form id={formId} noValidate className="flex flex-col gap-4" onSubmit={(e) => void form.submit(e)}>
      {form.message && <Alert kind={form.message.kind}>{form.message.text}</Alert>}
      <FormFields fields={fields} form={form} />
      <div>
        <Button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save names'}
        </Button>
      </div>
    </form>
  );
}
