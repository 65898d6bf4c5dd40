/**
 * Rules of the configuration screen that need no server (unit-tested): the report recommendation's year
 * clamp (docs/configuration.md#validation) and the scan-pro wizard's steps (docs/configuration.md#states). Client-safe.
 */
import { MODEL_YEAR_MIN, YEAR_RANGE_MESSAGE } from '@/lib/configuration/constants';

// ── the year clamp ──────────────────────────────────────────────────────────────────────────────────
export interface YearRangeDraft {
  /** As typed: '' or digits. */
  yearStart: string;
  yearEnd: string;
}

/** A full model year as typed (four digits, from 1950), or null while the user is still typing. */
const fullYear = (text: string): number | null => (/^\d{4}$/.test(text.trim()) && Number(text) >= MODEL_YEAR_MIN ? Number(text) : null);

/**
 * yearStart can never exceed yearEnd: typing a start year after the end year moves the end year up to
 * it, typing an end year before the start year moves the start year down to it. Only a complete year
 * clamps, so "2" on the way to "2024" leaves the other value alone.
 */
export function clampYears(draft: YearRangeDraft, field: keyof YearRangeDraft, value: string): YearRangeDraft {
  const next = { ...draft, [field]: value };
  const typed = fullYear(value);
  if (typed === null) return next;
  const other = field === 'yearStart' ? fullYear(draft.yearEnd) : fullYear(draft.yearStart);
  if (other === null) return next;
  if (field === 'yearStart' && typed > other) next.yearEnd = String(typed);
  if (field === 'yearEnd' && typed < other) next.yearStart = String(typed);
  return next;
}

/** The year range rule of the editors' drafts (yearStart and yearEnd as typed). */
export function checkYearRange(draft: Record<string, unknown>): { yearEnd?: string } {
  const s = String(draft.yearStart ?? '');
  const e = String(draft.yearEnd ?? '');
  return s && e && Number(s) > Number(e) ? { yearEnd: YEAR_RANGE_MESSAGE } : {};
}

// ── the wizard's steps ──────────────────────────────────────────────────────────────────────────────
/** The step that saves without moving ("step 99 does not change the step"). */
export const SAVE_STEP = 99;

export interface WizardState {
  step: number;
  /** The highest step reached. */
  visited: number;
  /** The criteria changed since the last save. */
  changed: boolean;
}

export const wizardStart = (): WizardState => ({ step: 1, visited: 1, changed: false });

/**
 * Going to step `to` (or SAVE_STEP): the step and the highest visited step follow, except for SAVE_STEP,
 * which keeps the step. When the criteria changed, leaving the step saves the configuration and clears the
 * changed flag (`save` tells the caller to save; on a failed save it sets `changed` again). Steps beyond
 * the next unvisited one cannot be reached.
 */
export function goToStep(s: WizardState, to: number, last: number): { state: WizardState; save: boolean } {
  const save = s.changed;
  if (to === SAVE_STEP) return { state: { ...s, changed: false }, save };
  const step = Math.min(Math.max(1, to), last, s.visited + 1);
  if (step === s.step) return { state: s, save: false };
  return { state: { step, visited: Math.max(s.visited, step), changed: false }, save };
}

/** Whether a step can be opened from the step list (visited ones, and the next one). */
export const canOpenStep = (s: WizardState, step: number) => step <= s.visited + 1;
