/** Evidence limits and types the browser and the host share (client-safe; decisions in lib/contract/evidence.ts). */
import { LINK_ADMIN_ROLES } from '../contract/links-constants';

/** A photo's long edge after resizing (pixels): enough to read a target board or a print-out. */
export const EVIDENCE_LONG_EDGE = 2048;
/** The thumbnail's long edge (pixels): the screen's and the report's small picture. */
export const EVIDENCE_THUMB_EDGE = 320;
/** The JPEG quality photos are re-encoded with (browser canvas and host alike). */
export const EVIDENCE_JPEG_QUALITY = 0.85;
export const EVIDENCE_CAPTION_MAX = 200;
/** What evidence takes, by the type its content shows: photos and the scan tool's PDF reports. */
export const EVIDENCE_TYPES = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'application/pdf': ['.pdf'] } as const;
/** Who removes anyone's evidence of the firms they reach (beside whoever added it): the firms' administrators. */
export const EVIDENCE_MANAGER_ROLES: readonly number[] = LINK_ADMIN_ROLES;
