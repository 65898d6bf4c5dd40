/** What the browser and the BFF agree on. Safe to import from client components (no server code). */

/** The BFF's mount point: /api/bff/{contract path}. */
export const BFF_PREFIX = '/api/bff/';
/** Custom header every BFF request carries; a cross-site form or image cannot set it. */
export const BFF_HEADER = 'x-adas-bff';
export const BFF_HEADER_VALUE = '1';
/** Largest body the BFF forwards, in bytes. */
export const BFF_BODY_LIMIT = 1024 * 1024;

/** Error answer of the BFF: a message for the user, field errors for forms, and where to go on 401. */
export interface BffErrorBody {
  error: string;
  fieldErrors?: Record<string, string[]>;
  redirect?: string;
}
