/**
 * Estimate terms (Configuration → Estimate terms, docs/configuration.md#screens): the words a firm's estimates use that the
 * scrub's built-in vocabulary (lib/calibrations/vocabulary.ts) does not know, so its lines are read right.
 * Beyond the specification, so its shapes are decided here:
 * - A term belongs to a firm and applies to the estimates of that firm and of the firms below it; the
 *   platform firm (1) holds the network's. The nearest firm's term wins, and every firm term wins over a
 *   built-in one. The caller must reach the firm (a firm it cannot reach answers 404, as an unknown one).
 * - kind 'term': an abbreviation, another name or a misspelling, `written` → `meaning` ("FBC" → "front
 *   bumper cover"); kind 'operation': an operation code → one of OPERATIONS ("RMV/INST" → remove).
 *   `written` is compared ignoring case and is unique per firm (a second is a 400 on `written`).
 * - admin/getEstimateTerms?firm&source lists one firm's terms (source 'firm', paged and sorted in SQL), or
 *   the built-in vocabulary (source 'built-in': a constant list of some hundreds, paged in memory; negative ids).
 * - admin/readEstimateLine reads one line with the firm's vocabulary, as the scrub would: the operation, the
 *   parts named and the notes (misspellings, purposes set aside, unknown codes) — to try a term.
 * - Saves answer {id}; the delete answers {success: true}. Roles 1 and 2, like the rest of Configuration.
 * How terms are read: docs/scrub.md#reading-a-line.
 */
import { z } from 'zod';
import { ESTIMATE_TERM_KINDS, MEANING_MAX, WRITTEN_MAX } from './estimateterms-constants';
import { OPERATIONS } from '../calibrations/vocabulary';
import { recordId } from './config-fields';
import { defineCall, ok, q, savedId } from './define';
import { paged, pagedQuery } from './list';
import { MESSAGES } from '../validation/messages';

export { ESTIMATE_TERM_KINDS, MEANING_MAX, WRITTEN_MAX, type EstimateTermKind } from './estimateterms-constants';

const base = { access: [1, 2], bff: true } as const;

export const ESTIMATE_TERM_SOURCES = ['firm', 'built-in'] as const;
export const ESTIMATE_TERM_SORTS = ['written', 'meaning', 'kind', 'updated'] as const;

export const estimateTerm = z.object({
  /** Negative for a built-in term (its place in the built-in list). */
  estimateTerm: z.number().int(),
  firm: z.number().int().nullable(),
  firmName: z.string(),
  written: z.string(),
  meaning: z.string(),
  kind: z.enum(ESTIMATE_TERM_KINDS),
  isInactive: z.boolean(),
  builtIn: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string(),
});
export type EstimateTerm = z.infer<typeof estimateTerm>;

export const getEstimateTerms = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getEstimateTerms',
  query: pagedQuery(ESTIMATE_TERM_SORTS, 'written', {
    firm: q.id().default(1),
    source: z.enum(ESTIMATE_TERM_SOURCES, { error: `One of ${ESTIMATE_TERM_SOURCES.join(', ')}` }).default('firm'),
    kind: z.enum(['', ...ESTIMATE_TERM_KINDS], { error: `One of ${ESTIMATE_TERM_KINDS.join(', ')}` }).default(''),
  }),
  response: paged(estimateTerm),
});

const hasWord = (v: string) => /[\p{L}\p{N}]/u.test(v);

export const saveEstimateTermInput = z
  .object({
    /** -1 (or 0) adds a term. */
    estimateTerm: recordId().default(-1),
    firm: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required),
    written: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(WRITTEN_MAX, `At most ${WRITTEN_MAX} characters`)
      .refine(hasWord, 'Letters or digits, as the estimate writes them'),
    meaning: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(MEANING_MAX, `At most ${MEANING_MAX} characters`),
    kind: z.enum(ESTIMATE_TERM_KINDS, { error: 'A term or an operation' }),
    isInactive: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'operation' && !(OPERATIONS as readonly string[]).includes(v.meaning))
      ctx.addIssue({ code: 'custom', path: ['meaning'], message: `One of the scrub's operations: ${OPERATIONS.join(', ')}` });
    if (v.kind === 'term' && !hasWord(v.meaning)) ctx.addIssue({ code: 'custom', path: ['meaning'], message: 'The words the term means' });
  })
  .meta({
    'x-rules': [`meaning: for an operation, one of ${OPERATIONS.join(', ')}; for a term, the words it means (letters or digits)`],
  });
export type SaveEstimateTermInput = z.input<typeof saveEstimateTermInput>;

export const saveEstimateTerm = defineCall({
  ...base,
  method: 'POST',
  path: 'admin/saveEstimateTerm',
  body: saveEstimateTermInput,
  response: savedId,
});

// A call of this product's own (not the specification's GET deletes): a POST, so a link can never delete.
export const deleteEstimateTerm = defineCall({
  ...base,
  method: 'POST',
  path: 'admin/deleteEstimateTerm',
  body: z.object({ estimateTerm: recordId().positive('Must be a positive number') }),
  response: ok,
});

export const lineReading = z.object({
  operationRead: z.enum(OPERATIONS).nullable(),
  read: z.array(z.string()),
  section: z.array(z.string()),
  notes: z.array(z.string()),
  unread: z.string().nullable(),
});
export type LineReadingOut = z.infer<typeof lineReading>;

export const readEstimateLine = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/readEstimateLine',
  query: z.object({
    firm: q.id().default(1),
    operation: q.text(30).default(''),
    description: q.text(300).pipe(z.string().min(1, 'Type an estimate line')),
    section: q.text(100).default(''),
  }),
  response: lineReading,
});
