'use client';
/**
 * The scan-pro setup wizard (docs/configuration.md#fields "Scan-pro configuration", #states "Wizard step"): for a location,
 * which vehicles its scan tool scans before and after repair (criteria) and which systems its checklist
 * covers. The wizard keeps the current and the highest visited step; step 99 (Save) does not change the
 * step; when the configuration changed, leaving a step saves it and clears the changed flag
 * (scanpro/SaveScanProConfiguration). The location is in the URL (`firm`).
 */
import { Icon } from '@/components/ui/icon';
import { useState } from 'react';
import { useList } from '@/components/data-table';
import { HistoryButton } from '@/components/history';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import type { MakeMatrixCategories } from '@/lib/contract/admin';
import type { ScanProConfiguration } from '@/lib/contract/scanpro';
import { MODEL_YEAR_MIN, YEAR_RANGE_MESSAGE, modelYearMax } from '@/lib/configuration/constants';
import { formatDateTime } from '@/lib/dates';
import type { ListStateOf } from '@/lib/list-state';
import { Chips } from '../keyword-chips';
import { call } from '../lazy';
import type { SectionLists } from '../list-specs';
import { SAVE_STEP, canOpenStep, goToStep, wizardStart, type WizardState } from '../rules';
import { firmName } from '../section-setup';

type Spec = SectionLists['scanpro'];
const STEPS = ['Location', 'Criteria', 'Checklist', 'Review'] as const;

interface Config {
  makes: string[];
  yearStart: string;
  yearEnd: string;
  preRepairScan: boolean;
  postRepairScan: boolean;
  checklist: number[];
}

const fromSaved = (c: ScanProConfiguration): Config => ({
  makes: c.criteria.makes,
  yearStart: String(c.criteria.yearStart),
  yearEnd: String(c.criteria.yearEnd),
  preRepairScan: c.criteria.preRepairScan,
  postRepairScan: c.criteria.postRepairScan,
  checklist: c.checklist,
});

function yearError(text: string): string | null {
  if (!/^\d{4}$/.test(text)) return 'A year such as 2021';
  const y = Number(text);
  if (y < MODEL_YEAR_MIN) return `A year from ${MODEL_YEAR_MIN}`;
  if (y > modelYearMax()) return 'A year no later than two years from now';
  return null;
}

export function ScanProSection({
  spec,
  state,
  configuration,
  categories,
  timezone,
}: {
  spec: Spec;
  state: ListStateOf<Spec>;
  configuration: ScanProConfiguration;
  categories: MakeMatrixCategories;
  timezone: number;
}) {
  const list = useList(spec, state);
  const [wizard, setWizard] = useState<WizardState>(wizardStart);
  const [updatedAt, setUpdatedAt] = useState(configuration.updatedAt);
  const form = useForm<Config>({
    initial: fromSaved(configuration),
    check: (c) => {
      const ys = yearError(c.yearStart);
      const ye = yearError(c.yearEnd);
      return { yearStart: ys, yearEnd: ye ?? (!ys && Number(c.yearStart) > Number(c.yearEnd) ? YEAR_RANGE_MESSAGE : null) };
    },
    invalid: 'The configuration was not saved: please correct the criteria.',
    failed: (m) => `The configuration was not saved: ${m}`,
    // The criteria's fields sit among the form's own: "criteria.yearEnd" shows at Year end.
    inner: 'criteria',
    save: async (c) => {
      const saved = await call('saveScanPro', {
        businessId: state.firm,
        criteria: {
          makes: c.makes,
          yearStart: Number(c.yearStart),
          yearEnd: Number(c.yearEnd),
          preRepairScan: c.preRepairScan,
          postRepairScan: c.postRepairScan,
        },
        checklist: c.checklist,
      });
      setUpdatedAt(saved.updatedAt);
      return `Scan-pro setup of ${locationName} saved.`;
    },
  });
  const { draft: config, errors, message, busy } = form;
  const locationName = firmName(categories, state.firm);

  const edit = (change: Partial<Config>) => {
    form.patch(change);
    setWizard((w) => ({ ...w, changed: true }));
    form.setErrors({});
  };

  const go = async (to: number) => {
    const { state: next, save: mustSave } = goToStep(wizard, to, STEPS.length);
    if (next === wizard) return;
    form.say(null);
    // Not saved: stay on the step with the changes kept.
    if (mustSave && !(await form.submit())) return;
    setWizard(next);
  };

  const step = wizard.step;
  return (
    <section aria-labelledby="section-title" className="flex min-w-0 flex-col gap-4">
      <h2 id="section-title" className="text-xl font-semibold text-slate-900">
        Scan-pro setup
      </h2>
      <nav aria-label="Wizard steps">
        <ol className="flex flex-wrap gap-2">
          {STEPS.map((label, i) => {
            const n = i + 1;
            const done = n < step || (n <= wizard.visited && n !== step);
            return (
              <li key={label}>
                <button
                  type="button"
                  aria-current={n === step ? 'step' : undefined}
                  disabled={!canOpenStep(wizard, n) || busy}
                  onClick={() => go(n)}
                  className={`inline-flex min-h-10 items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:text-slate-400 ${
                    n === step ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className="inline-flex size-5 items-center justify-center rounded-full border border-current text-xs"
                  >
                    {done ? <Icon name="check" className="size-3" /> : n}
                  </span>
                  {`${n}. ${label}`}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {`Step ${step} of ${STEPS.length}: ${STEPS[step - 1]}.`}{' '}
          {wizard.changed
            ? 'Unsaved changes: they are saved when you leave this step.'
            : updatedAt
              ? `Last saved ${formatDateTime(updatedAt, timezone)}.`
              : 'Not saved yet for this location.'}
        </p>
        <HistoryButton kind="scanPro" id={state.firm} label={`scan-pro setup of ${locationName}`} />
      </div>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}

      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        {step === 1 && (
          <div className="max-w-md">
            <SelectField
              label="Location"
              placeholder={null}
              hint="The scan tool configuration belongs to one location."
              options={categories.firms.map((f) => ({ value: f.firm, label: f.name }))}
              value={String(state.firm)}
              disabled={busy}
              onChange={(e) => list.go({ firm: Number(e.target.value) })}
            />
          </div>
        )}
        {step === 2 && (
          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold text-slate-900">Which vehicles are scanned</legend>
            <div className="sm:col-span-2">
              <Chips
                label="Makes"
                noun="makes"
                value={config.makes}
                suggestions={categories.makes}
                onChange={(makes) => edit({ makes })}
                hint="None: every make."
                error={errors.makes}
              />
            </div>
            <TextField
              label="Year start"
              required
              inputMode="numeric"
              maxLength={4}
              value={config.yearStart}
              onChange={(e) => edit({ yearStart: e.target.value })}
              error={errors.yearStart}
            />
            <TextField
              label="Year end"
              required
              inputMode="numeric"
              maxLength={4}
              value={config.yearEnd}
              onChange={(e) => edit({ yearEnd: e.target.value })}
              error={errors.yearEnd}
            />
            <CheckboxField
              label="Pre-repair scan required"
              checked={config.preRepairScan}
              onChange={(e) => edit({ preRepairScan: e.target.checked })}
            />
            <CheckboxField
              label="Post-repair scan required"
              checked={config.postRepairScan}
              onChange={(e) => edit({ postRepairScan: e.target.checked })}
            />
          </fieldset>
        )}
        {step === 3 && (
          <fieldset>
            <legend className="mb-2 text-base font-semibold text-slate-900">Systems on the scan checklist</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {categories.systems
                .filter((s) => !s.isInactive || config.checklist.includes(s.adasChecklistMatrix))
                .map((s) => (
                  <CheckboxField
                    key={s.adasChecklistMatrix}
                    label={s.matrixItem}
                    checked={config.checklist.includes(s.adasChecklistMatrix)}
                    onChange={(e) =>
                      edit({
                        checklist: e.target.checked
                          ? [...config.checklist, s.adasChecklistMatrix]
                          : config.checklist.filter((x) => x !== s.adasChecklistMatrix),
                      })
                    }
                  />
                ))}
            </div>
            {errors.checklist && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {errors.checklist}
              </p>
            )}
          </fieldset>
        )}
        {step === 4 && (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="font-medium text-slate-700">Location</dt>
            <dd>{locationName}</dd>
            <dt className="font-medium text-slate-700">Makes</dt>
            <dd>{config.makes.length ? config.makes.join(', ') : 'Every make'}</dd>
            <dt className="font-medium text-slate-700">Model years</dt>
            <dd>{`${config.yearStart}–${config.yearEnd}`}</dd>
            <dt className="font-medium text-slate-700">Scans</dt>
            <dd>
              {[config.preRepairScan && 'pre-repair', config.postRepairScan && 'post-repair'].filter(Boolean).join(' and ') ||
                'none required'}
            </dd>
            <dt className="font-medium text-slate-700">Checklist</dt>
            <dd>
              {categories.systems
                .filter((s) => config.checklist.includes(s.adasChecklistMatrix))
                .map((s) => s.matrixItem)
                .join(', ') || 'No systems'}
            </dd>
          </dl>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" disabled={step === 1 || busy} onClick={() => go(step - 1)}>
          Back
        </Button>
        {step < STEPS.length && (
          <Button disabled={busy} onClick={() => go(step + 1)}>
            Next
          </Button>
        )}
        <Button variant={wizard.changed ? 'danger' : 'secondary'} disabled={busy || !wizard.changed} onClick={() => go(SAVE_STEP)}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </section>
  );
}
