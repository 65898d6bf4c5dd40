/**
 * Administration calls (operations §7 Import). This issue: the make-matrix-links import, whose outcome
 * reaches administrators as a push notice (lib/push/messages.ts). Decisions, since the specification shows
 * no shapes:
 * - the links file travels as JSON {fileName, content}: the CSV text, at most LINKS_FILE_MAX_CHARS;
 * - columns, in order: make, model, yearStart, yearEnd, title, url; a first row naming them is a header;
 *   model empty = every model of the make; years empty = every year;
 * - the call answers at once {import, status: 'queued'}; the rows are checked and stored in the background,
 *   and when done the notice {kind: 'makeMatrixLinks', import, fileName, imported, rejected} goes to the
 *   connections of roles 1 and 2 only.
 */
import { z } from 'zod';
import { ALL_ROLES } from '../roles';
import { MESSAGES } from '../validation/messages';
import { adasSystem, vinDecode } from './decode';
import { defineCall, q, requiredText } from './define';

/** Largest links file, in characters (the BFF and the host accept bodies up to 1 MB). */
export const LINKS_FILE_MAX_CHARS = 900_000;
/** The columns of a links file, in order. */
export const MAKE_MATRIX_LINK_COLUMNS = ['make', 'model', 'yearStart', 'yearEnd', 'title', 'url'] as const;

const year = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v.trim()) : v),
  z.number({ error: 'A year such as 2019' }).int('A year such as 2019').min(1950, 'A year from 1950').max(2100, 'A year up to 2100').nullable(),
);

/** One row of a links file, as checked by the importer; rows that fail are counted as rejected. */
export const makeMatrixLinkRow = z
  .object({
    make: requiredText(60),
    model: z.string().trim().max(80, 'At most 80 characters').default(''),
    yearStart: year,
    yearEnd: year,
    title: requiredText(200),
    url: z
      .string()
      .trim()
      .max(2000, 'At most 2000 characters')
      .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'An http(s) address'),
  })
  .refine((r) => r.yearStart == null || r.yearEnd == null || r.yearStart <= r.yearEnd, {
    path: ['yearEnd'],
    message: 'The end year is before the start year',
  });
export type MakeMatrixLinkRow = z.infer<typeof makeMatrixLinkRow>;

export const importMakeMatrixLinks = defineCall({
  method: 'POST',
  path: 'admin/importMakeMatrixLinks',
  body: z.object({
    fileName: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(200, 'At most 200 characters')
      .regex(/^[^/\\\0]+$/, 'A file name without folders'),
    content: z
      .string({ error: MESSAGES.required })
      .min(1, MESSAGES.required)
      .max(LINKS_FILE_MAX_CHARS, `The file is larger than ${LINKS_FILE_MAX_CHARS / 1000} kB`),
  }),
  response: z.object({ import: z.number().int(), status: z.literal('queued') }),
  access: [1, 2],
  bff: true,
});

// ── The decoded checklist of an ADAS job (issue 13) ─────────────────────────────────────────────────
// admin/getAdasChecklistMappedToDecoded?id: `id` is the job. The knowledge base's systems for the job's
// vehicle as its VIN decodes (the saved year, make and model when it has no VIN or does not decode), each
// mapped to the job's inspections: on how many it is, whether one marks it not equipped, and the results.
// Any ADAS role, for a job it sees (another firm's: 404).
export const checklistItem = adasSystem.extend({
  inspections: z.number().int().nonnegative(),
  notEquipped: z.boolean(),
  results: z.array(z.object({ adasInspection: z.number().int(), result: z.number().int().nullable() })),
});
export type ChecklistItem = z.infer<typeof checklistItem>;

export const getAdasChecklistMappedToDecoded = defineCall({
  method: 'GET',
  path: 'admin/getAdasChecklistMappedToDecoded',
  query: z.object({ id: q.id() }),
  response: z.object({
    adas: z.number().int(),
    vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string(), vin: z.string() }),
    /** The VIN's decode, null for a vehicle without a VIN. */
    decode: vinDecode.nullable(),
    items: z.array(checklistItem),
  }),
  access: ALL_ROLES,
  bff: true,
});
