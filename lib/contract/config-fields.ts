/**
 * Field rules of the ADAS configuration's calls (admin, alldata, adasmatrix, report, testdrive, scanpro,
 * lookup): model years and year ranges, keyword lists (comma text), addresses, prices and name lists.
 * Messages come from lib/configuration, which the editors use too.
 */
import { z } from 'zod';
import { KEYWORDS_MAX, KEYWORD_MAX_LENGTH, joinKeywords, keywordProblem, splitKeywords } from '../configuration/keywords';
import { MODEL_YEAR_MIN, YEAR_RANGE_MESSAGE, modelYearMax } from '../configuration/constants';
import { PRICE_MAX, PRICE_MESSAGES, readPrice } from '../configuration/money';
import { MESSAGES } from '../validation/messages';

export const YEAR_MESSAGE = 'A year such as 2021';

/** A model year: 1950 to two years ahead. */
export const modelYear = () =>
  z
    .number({ error: YEAR_MESSAGE })
    .int(YEAR_MESSAGE)
    .min(MODEL_YEAR_MIN, `A year from ${MODEL_YEAR_MIN}`)
    .refine((y) => y <= modelYearMax(), 'A year no later than two years from now');

/** docs/openapi.json's note of yearRange on the object it checks: `.superRefine(yearRange).meta(YEAR_RANGE_RULES)`. */
export const YEAR_RANGE_RULES = { 'x-rules': [`yearEnd: ${YEAR_RANGE_MESSAGE} (when both are given)`] };

/** Adds the "start after end" rule to an object with yearStart and yearEnd (null = open). */
export function yearRange<T extends { yearStart: number | null; yearEnd: number | null }>(v: T, ctx: z.RefinementCtx) {
  if (v.yearStart != null && v.yearEnd != null && v.yearStart > v.yearEnd)
    ctx.addIssue({ code: 'custom', path: ['yearEnd'], message: YEAR_RANGE_MESSAGE });
}

/**
 * A keyword list: comma text in, normalised comma text out (docs/configuration.md#fields: "comma-separated on the
 * server, lists on the client"). A list given as an array is accepted and joined.
 */
export const keywordText = () =>
  z
    .preprocess(
      (v) => (Array.isArray(v) ? v.join(',') : (v ?? '')),
      z.string({ error: 'A comma-separated list of keywords' }).max(200_000, 'The keyword list is too long'),
    )
    .superRefine((text, ctx) => {
      const problem = keywordProblem(splitKeywords(text));
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ 'x-rules': [`At most ${KEYWORDS_MAX} keywords, each of at most ${KEYWORD_MAX_LENGTH} characters (commas separate them)`] })
    .transform((text) => joinKeywords(text));

/** A list of names (calibration names, makes): trimmed, no empties or duplicates, at most `max`. */
export const nameList = (max = 50, length = 200) =>
  z
    .array(z.string().trim().max(length, `At most ${length} characters`), { error: 'A list of names' })
    .max(max, `At most ${max} entries`)
    .default([])
    .transform((list) => [...new Map(list.filter(Boolean).map((n) => [n.toLowerCase(), n])).values()]);

/** An http(s) address; '' when optional and empty. */
export const httpUrl = (required = false) =>
  z
    .string(required ? { error: MESSAGES.required } : undefined)
    .trim()
    .max(2000, 'At most 2000 characters')
    .refine(
      (v) => (v === '' ? !required : /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v)),
      required ? 'An http(s) address, such as https://example.com/procedure' : 'An http(s) address, or nothing',
    )
    .default('');

/** A price in dollars: a number (or numeric text) of 0 or more with at most two decimals. */
export const price = () =>
  z
    .union([z.number(), z.string()], { error: PRICE_MESSAGES.notNumber('') })
    .transform((v, ctx) => {
      const r = readPrice(v);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.message });
        return z.NEVER;
      }
      return r.cents / 100;
    })
    .meta({
      // readPrice's rules, for docs/openapi.json (a transform's checks do not reach JSON Schema).
      anyOf: [
        { type: 'number', minimum: 0, maximum: PRICE_MAX, multipleOf: 0.01 },
        { type: 'string', pattern: '^\\s*\\$?(\\d+|\\d{1,3}(,\\d{3})+)(\\.\\d{0,2})?\\s*$' },
      ],
      'x-rules': [PRICE_MESSAGES.negative, PRICE_MESSAGES.decimals, PRICE_MESSAGES.tooLarge],
    });

/** An id of a record to save: -1 (or any value ≤ 0) for a new one. */
export const recordId = () => z.number({ error: 'Must be a number' }).int();
/** A reference that may be empty (null, or 0 from a select's "none"). */
export const optionalRef = () =>
  z
    .number()
    .int()
    .nullable()
    .default(null)
    .transform((v) => (v && v > 0 ? v : null));
/** A required reference to another record. */
export const requiredRef = () => z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required);
