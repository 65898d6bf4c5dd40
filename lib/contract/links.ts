/**
 * Shared links (docs/shell.md#screens /links, anonymous; #decisions). A shop shares one inspection —
 * its calibration report (report/calibration, docs/report.md) and its OEM procedure links — with someone
 * without an account. The specification names the page only, so these are decisions:
 * - A link is a JWT (HS256, jose) the host signs with a key of its own (api-host/core/tokens.ts), naming the
 *   link record and expiring with it (1 to 30 days, SHARE_DAYS). The record (share_link) keeps its owner,
 *   inspection and whether it was revoked, so a revocation holds on every app instance and across restarts.
 * - links/createShareLink: any role that reaches the inspection's firm; answers the link with its token.
 * - links/shareLinks: the caller's own links (paged, newest first by default), with their status and
 *   token, so the owner can copy one again; `scope=firm` (LINK_ADMIN_ROLES only, else 403): every link of
 *   the firms the caller reaches, with who shared it. links/revokeShareLink revokes one of the caller's
 *   links, or, for those administrators, any link of a firm they reach (another's link answers 404 like an
 *   unknown one; revoking twice keeps the first time).
 * - A link stands for its owner: it opens only while the owner is active and still reaches the
 *   inspection's firm. Deactivating or deleting a user, or taking a firm out of their reach, revokes their
 *   links (api-host/links/service.ts); a link whose owner no longer stands is refused as revoked anyway.
 * - links/sharedInspection?token and links/sharedReport?token are anonymous: they answer exactly that
 *   inspection, read-only (the view, and the report PDF in the report preference's language), or 404 with
 *   SHARE_MESSAGES (unknown, expired, revoked). Nothing else of the firm is reachable through a link.
 * - The systems are stated as the report states them (docs/report.md): only what was recorded for each, the
 *   calibration only where one was done, tried or found needed, who set the result and when, and which stand out.
 * - The systems carry their evidence (photos, scan-tool PDFs; lib/contract/evidence.ts) when the firm's
 *   report preference includes the evidence section, as the report does; links/sharedEvidence serves
 *   exactly those files of that inspection (404 for any other, or when the preference leaves them out).
 */
import { z } from 'zod';
import { ALL_ROLES } from '../roles';
import { defineCall, ok } from './define';
import { EVIDENCE_TYPES } from './evidence';
import { paged, pagedQuery } from './list';
import { SHARE_DAYS, SHARE_MESSAGES, SHARE_SCOPES, SHARE_STATUSES } from './links-constants';

export { LINK_ADMIN_ROLES, SHARE_DAYS, SHARE_MESSAGES, SHARE_SCOPES } from './links-constants';

export const shareLink = z.object({
  link: z.number().int(),
  adasInspection: z.number().int(),
  /** "2022 Toyota RAV4". */
  vehicle: z.string(),
  ronumber: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(SHARE_STATUSES),
  token: z.string(),
  /** Who shared it ("First Last"). */
  sharedBy: z.string(),
  /** Whether it is the caller's own link. */
  own: z.boolean(),
});
export type ShareLink = z.infer<typeof shareLink>;

const token = z.string({ error: SHARE_MESSAGES.unknown }).min(20, SHARE_MESSAGES.unknown).max(2000, SHARE_MESSAGES.unknown);

export const createShareLink = defineCall({
  access: ALL_ROLES,
  bff: true,
  method: 'POST',
  path: 'links/createShareLink',
  body: z.object({
    adasInspection: z.number({ error: 'Choose an inspection' }).int().positive('Choose an inspection'),
    days: z
      .number({ error: `From ${SHARE_DAYS.min} to ${SHARE_DAYS.max} days` })
      .int(`From ${SHARE_DAYS.min} to ${SHARE_DAYS.max} days`)
      .min(SHARE_DAYS.min, `From ${SHARE_DAYS.min} to ${SHARE_DAYS.max} days`)
      .max(SHARE_DAYS.max, `From ${SHARE_DAYS.min} to ${SHARE_DAYS.max} days`)
      .default(SHARE_DAYS.default),
  }),
  response: shareLink,
});

export const SHARE_SORTS = ['created', 'expires'] as const;
export const shareLinks = defineCall({
  access: ALL_ROLES,
  bff: true,
  method: 'GET',
  path: 'links/shareLinks',
  query: pagedQuery(SHARE_SORTS, 'created', {
    direction: z.enum(['asc', 'desc'], { error: 'asc or desc' }).default('desc'),
    scope: z.enum(SHARE_SCOPES, { error: 'mine or firm' }).default('mine'),
  }),
  response: paged(shareLink),
});

export const revokeShareLink = defineCall({
  access: ALL_ROLES,
  bff: true,
  method: 'POST',
  path: 'links/revokeShareLink',
  body: z.object({ link: z.number({ error: 'Choose a link' }).int().positive('Choose a link') }),
  response: ok,
});

export const sharedInspection = defineCall({
  access: 'anonymous',
  method: 'GET',
  path: 'links/sharedInspection',
  query: z.object({ token }),
  response: z.object({
    firmName: z.string(),
    vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string(), vin: z.string() }),
    ronumber: z.string(),
    /** The job's (or inspection's) insurer, '' when none was named. */
    insuranceName: z.string(),
    inspectionDate: z.string().nullable(),
    /** The report's own title and brand, and the inspector, as the PDF prints them ('' when not recorded). */
    reportTitle: z.string().default(''),
    brandTitle: z.string().default(''),
    inspectorName: z.string().default(''),
    /** The inspection's notes ('' when none). */
    inspectionNotes: z.string().default(''),
    /** The firm's time zone (lookup id), for the dates on the page. */
    timezone: z.number().int().nullable(),
    systems: z.array(
      // What the report prints for the system (api-host/calibrations/report.ts printedSystem, docs/report.md).
      z.object({
        system: z.string(),
        /** The result as the report prints it: "Not equipped", "No result recorded" or the recorded result. */
        result: z.string(),
        isNotEquipped: z.boolean(),
        /** Failed, Calibration required or no result yet: shown so it stands out; null otherwise. */
        attention: z.enum(['failed', 'required', 'pending']).nullable(),
        /** The calibration done, tried or found needed; '' when the report names none (Passed, out of scope, no result). */
        calibrationType: z.string(),
        /** Who set the result and when ('' / null: not recorded); null when the report prints neither. */
        recorded: z.object({ technician: z.string(), at: z.string().nullable() }).nullable(),
        /** The technician's note on the system (why it failed, what was done instead, a part ordered); '' when none. */
        note: z.string().default(''),
        /** Photos and files on the system (docs/adas.md#evidence), when the report preference includes evidence. */
        evidence: z
          .array(
            z.object({ adasEvidence: z.number().int(), kind: z.enum(['photo', 'document']), fileName: z.string(), caption: z.string() }),
          )
          .default([]),
      }),
    ),
    links: z.array(z.object({ title: z.string(), url: z.string() })),
    expiresAt: z.string(),
  }),
});
export type SharedInspection = z.output<typeof sharedInspection.response>;

/** A photo (its thumbnail or full size) or file of the shared inspection, when the report preference shows evidence. */
export const sharedEvidence = defineCall({
  access: 'anonymous',
  method: 'GET',
  path: 'links/sharedEvidence',
  transport: 'binary',
  produces: Object.keys(EVIDENCE_TYPES),
  query: z.object({ token, adasEvidence: z.coerce.number().int().positive(), size: z.enum(['full', 'thumb']).default('full') }),
  response: z.unknown(),
});

export const sharedReport = defineCall({
  access: 'anonymous',
  method: 'GET',
  path: 'links/sharedReport',
  transport: 'binary',
  produces: ['application/pdf'],
  query: z.object({ token }),
  response: z.unknown(),
});
