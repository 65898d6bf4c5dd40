/**
 * OEM procedure links (docs/configuration.md#calls "Links"; docs/configuration.md#fields "ADAS link": id, title, url, type, year, model,
 * isNew). One table holds every link: those added here and those of the make-matrix-links import
 * (admin/importMakeMatrixLinks). Decisions, since the specification shows no shapes:
 * - A link belongs to a make and optionally a model ('' = every model) and a range of model years (null =
 *   every year); the specification's `year` is that range as text ("2019–2024", "All years").
 * - type is 'adas' (an ADAS procedure) or 'general' (general repair information); getLinkManage?adaslinks
 *   lists the ADAS procedures (adaslinks true, the default) or the general information (false), paged
 *   like every list, filtered by make and by isNew.
 * - isNew marks links nobody has reviewed yet: created here or imported. Saving a link (saveAdasLinks)
 *   reviews it; updateAdasLinks changes several at once (isNew, type).
 * - createAdasLinks adds a list of links (answers their ids); saveAdasLinks saves one (id -1 = new);
 *   removeLinksManage deletes a list of ids; saveLinksByVehicle replaces the links of one vehicle (make,
 *   model, years) and type with the given list, in one transaction. Lists and counts answer {count}.
 * - Roles 1 and 2 only; the links are the network's (the platform firm's), like the rest of the knowledge
 *   base (admin.ts).
 * - The ADAS job screens (docs/adas.md#calls "alldata/getLinksInternal and alldata/getGeneralInfoLinks
 *   (query)") read the links of a job's vehicle: both take the job (`adas`) and answer the links of its
 *   make (its model or every model, its model year or every year), getLinksInternal the ADAS procedures and
 *   getGeneralInfoLinks the general repair information, as [{id, title, url, type}]. Any ADAS role may read
 *   them for a job it sees (another firm's job: 404).
 */
import { z } from 'zod';
import { LINK_TYPES } from '../configuration/constants';
import { ALL_ROLES } from '../roles';
import { defineCall, q, requiredText, savedId } from './define';
import { httpUrl, YEAR_RANGE_RULES, yearRange } from './config-fields';
import { paged, pagedQuery } from './list';
import { MESSAGES } from '../validation/messages';

const base = { access: [1, 2], bff: true } as const;

export const adasLink = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  type: z.enum(LINK_TYPES),
  make: z.string(),
  model: z.string(),
  yearStart: z.number().int().nullable(),
  yearEnd: z.number().int().nullable(),
  /** The years as text: "2019–2024", "2019 on", "All years". */
  year: z.string(),
  isNew: z.boolean(),
  /** When someone added it; null for links nobody added (the demo knowledge base). */
  createdAt: z.string().nullable(),
});
export type AdasLink = z.infer<typeof adasLink>;

const linkYear = () =>
  z
    .number({ error: 'A year such as 2021' })
    .int('A year such as 2021')
    .min(1950, 'A year from 1950')
    .max(2100, 'A year up to 2100')
    .nullable()
    .default(null);

const linkFields = {
  title: requiredText(200),
  url: httpUrl(true),
  type: z.enum(LINK_TYPES, { error: 'adas or general' }).default('adas'),
  make: requiredText(60),
  model: z.string().trim().max(80, 'At most 80 characters').default(''),
  yearStart: linkYear(),
  yearEnd: linkYear(),
};
export const linkInput = z.object(linkFields).superRefine(yearRange).meta(YEAR_RANGE_RULES);
export type LinkInput = z.input<typeof linkInput>;

const idList = z
  .array(z.number().int().positive(), { error: 'A list of link ids' })
  .min(1, 'Choose at least one link')
  .max(1000, 'At most 1000 links at once');

export const LINK_SORTS = ['title', 'make', 'years', 'created'] as const;
export const getLinkManage = defineCall({
  ...base,
  method: 'GET',
  path: 'alldata/getLinkManage',
  query: pagedQuery(LINK_SORTS, 'make', {
    adaslinks: q.flag().default(true),
    make: q.text(60).default(''),
    /** Only the links not reviewed yet. */
    isNew: q.flag().default(false),
  }),
  response: paged(adasLink),
});

export const createAdasLinks = defineCall({
  ...base,
  method: 'POST',
  path: 'alldata/createAdasLinks',
  body: z.object({ links: z.array(linkInput).min(1, 'At least one link').max(500, 'At most 500 links at once') }),
  response: z.object({ ids: z.array(z.number().int()) }),
});

export const saveAdasLinks = defineCall({
  ...base,
  method: 'POST',
  path: 'alldata/saveAdasLinks',
  body: z
    .object({ id: z.number({ error: MESSAGES.required }).int(), ...linkFields })
    .superRefine(yearRange)
    .meta(YEAR_RANGE_RULES),
  response: savedId,
});

export const updateAdasLinks = defineCall({
  ...base,
  method: 'POST',
  path: 'alldata/updateAdasLinks',
  body: z
    .object({ ids: idList, isNew: z.boolean().optional(), type: z.enum(LINK_TYPES).optional() })
    .refine((b) => b.isNew !== undefined || b.type !== undefined, { message: 'Nothing to change: give isNew or type', path: ['isNew'] }),
  response: z.object({ count: z.number().int().nonnegative() }),
});

export const removeLinksManage = defineCall({
  ...base,
  method: 'POST',
  path: 'alldata/removeLinksManage',
  body: z.object({ ids: idList }),
  response: z.object({ count: z.number().int().nonnegative() }),
});

export const saveLinksByVehicle = defineCall({
  ...base,
  method: 'POST',
  path: 'alldata/saveLinksByVehicle',
  body: z
    .object({
      make: linkFields.make,
      model: linkFields.model,
      yearStart: linkYear(),
      yearEnd: linkYear(),
      type: linkFields.type,
      links: z.array(z.object({ title: linkFields.title, url: linkFields.url })).max(200, 'At most 200 links for a vehicle'),
    })
    .superRefine(yearRange)
    .meta(YEAR_RANGE_RULES),
  response: z.object({ count: z.number().int().nonnegative() }),
});

// ── The links of a job's vehicle (docs/adas.md#calls) ──────────────────────────────────────────────
export const vehicleLink = z.object({ id: z.number().int(), title: z.string(), url: z.string(), type: z.string() });
export type VehicleLink = z.infer<typeof vehicleLink>;

const jobLinks = {
  access: ALL_ROLES,
  bff: true,
  method: 'GET',
  query: z.object({ adas: q.id() }),
  response: z.array(vehicleLink),
} as const;
export const getLinksInternal = defineCall({ ...jobLinks, path: 'alldata/getLinksInternal' });
export const getGeneralInfoLinks = defineCall({ ...jobLinks, path: 'alldata/getGeneralInfoLinks' });
