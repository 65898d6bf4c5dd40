/**
 * Evidence on a system's result (docs/adas.md#evidence): the photos a technician takes at the car (target set-up,
 * alignment print-out) and the files of the scan tool (pre- and post-scan reports, PDF), each with an
 * optional caption, kept per system of an inspection. Decisions:
 * - adas/uploadEvidence: multipart like file/upload (field File, file name `{firm}/{name}`, the firm being the
 *   inspection's, FILE_MAX_BYTES a file, FILES_MAX_COUNT at once), with the system's result row and the
 *   caption in the query. Photos (JPEG, PNG) and PDFs only, told by content (file-type), never by name;
 *   another type is 400 naming the file and the types taken. The browser resizes photos before sending
 *   (lib/evidence/resize.ts: long edge EVIDENCE_LONG_EDGE, JPEG, which drops EXIF and GPS); the host does not
 *   trust that: a photo with metadata or larger than that is re-encoded there (sharp), and the host makes
 *   each photo's thumbnail (EVIDENCE_THUMB_EDGE). Files count against the firm's image quota and the
 *   uploader's rate, as every upload (lib/contract/files.ts).
 * - An inspection that is Complete takes no evidence and loses none (409, as for its results): reopen it.
 * - adas/evidence?adasInspection lists the inspection's evidence, oldest first, with `mayRemove`:
 *   whoever added it, or a manager of the firm (EVIDENCE_MANAGER_ROLES), may remove it (adas/removeEvidence;
 *   anyone else 403 with who may). Another firm's inspection or evidence is 404 like an unknown one.
 * - adas/evidenceFile?adasEvidence&size: the stored bytes (thumb: the photo's thumbnail; a PDF has none and
 *   answers its file), as an attachment for PDFs; links/sharedEvidence?token&adasEvidence&size the same
 *   for a shared link's inspection only (anonymous, lib/contract/links.ts).
 */
import { z } from 'zod';
import { ALL_ROLES } from '../roles';
import { MESSAGES } from '../validation/messages';
import { defineCall, ok, q } from './define';
import { firmFiles } from './files';
import { EVIDENCE_CAPTION_MAX, EVIDENCE_TYPES } from '../evidence/limits';

export { EVIDENCE_CAPTION_MAX, EVIDENCE_LONG_EDGE, EVIDENCE_MANAGER_ROLES, EVIDENCE_THUMB_EDGE, EVIDENCE_TYPES } from '../evidence/limits';

export const EVIDENCE_KINDS = ['photo', 'document'] as const;
export const EVIDENCE_SIZES = ['full', 'thumb'] as const;

export const evidenceItem = z.object({
  adasEvidence: z.number().int(),
  adasInspection: z.number().int(),
  adasInspectionResult: z.number().int(),
  kind: z.enum(EVIDENCE_KINDS),
  /** The name it was uploaded with (what the report and the page show for a PDF). */
  fileName: z.string(),
  caption: z.string(),
  contentType: z.string(),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  /** Whether the caller may remove it (who added it, or a manager). */
  mayRemove: z.boolean(),
});
export type EvidenceItem = z.infer<typeof evidenceItem>;

const base = { access: ALL_ROLES, bff: true } as const;

export const evidence = defineCall({
  ...base,
  method: 'GET',
  path: 'adas/evidence',
  query: z.object({ adasInspection: q.id() }),
  response: z.array(evidenceItem),
});

export const uploadEvidence = defineCall({
  refuses: [409, 413, 429],
  ...base,
  method: 'POST',
  path: 'adas/uploadEvidence',
  transport: 'multipart',
  upload: firmFiles(Object.keys(EVIDENCE_TYPES), "the inspection's location"),
  query: z.object({
    adasInspectionResult: q.id(),
    caption: q.text(EVIDENCE_CAPTION_MAX).default(''),
    /**
     * The sender's own key of this upload (one file): sent again with the same key, the host answers what it
     * stored the first time instead of storing it twice (the offline queue's replay).
     */
    clientKey: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/, 'Letters, digits and dashes (8 to 64)')
      .optional(),
  }),
  response: z.array(evidenceItem),
});

export const evidenceFile = defineCall({
  ...base,
  method: 'GET',
  path: 'adas/evidenceFile',
  transport: 'binary',
  produces: Object.keys(EVIDENCE_TYPES),
  query: z.object({ adasEvidence: q.id(), size: z.enum(EVIDENCE_SIZES, { error: 'full or thumb' }).default('full') }),
  response: z.unknown(),
});

export const removeEvidence = defineCall({
  refuses: [409],
  ...base,
  method: 'POST',
  path: 'adas/removeEvidence',
  body: z.object({ adasEvidence: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required) }),
  response: ok,
});
