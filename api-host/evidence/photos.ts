/**
 * A photo as the host keeps it. The browser resizes and re-encodes before sending (lib/evidence/resize.ts),
 * but the host does not rely on it: a photo larger than EVIDENCE_LONG_EDGE or carrying metadata (EXIF with
 * its GPS position, XMP, IPTC) is turned upright and re-encoded as JPEG without any; one already clean and
 * small is kept byte for byte. Every photo gets a JPEG thumbnail (EVIDENCE_THUMB_EDGE). sharp (libvips)
 * decodes with a pixel limit, so a small file that would inflate into a huge image is refused, not decoded.
 */
import sharp from 'sharp';
import { EVIDENCE_JPEG_QUALITY, EVIDENCE_LONG_EDGE, EVIDENCE_THUMB_EDGE } from '../../lib/evidence/limits';
import { badRequest } from '../core/errors';

/** 50 megapixels: above any phone camera's photo. */
const MAX_PIXELS = 50_000_000;
const quality = Math.round(EVIDENCE_JPEG_QUALITY * 100);

export interface KeptPhoto {
  bytes: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  /** jpg, or png for a clean PNG kept as sent. */
  ext: 'jpg' | 'png';
}

export async function keepPhoto(name: string, bytes: Buffer, ext: 'jpg' | 'png'): Promise<KeptPhoto> {
  const unreadable = () => badRequest(`${name} could not be read as a photo.`, { File: [`${name} could not be read as a photo.`] });
  const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (!meta.width || !meta.height) throw unreadable();
  const hasMetadata = Boolean(meta.exif || meta.xmp || meta.iptc || (meta.orientation && meta.orientation > 1));
  const clean = !hasMetadata && Math.max(meta.width, meta.height) <= EVIDENCE_LONG_EDGE;
  try {
    const full = clean
      ? { data: bytes, info: { width: meta.width, height: meta.height } }
      : await sharp(bytes, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize({ width: EVIDENCE_LONG_EDGE, height: EVIDENCE_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(full.data)
      .resize({ width: EVIDENCE_THUMB_EDGE, height: EVIDENCE_THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { bytes: full.data, thumb, width: full.info.width, height: full.info.height, ext: clean ? ext : 'jpg' };
  } catch {
    throw unreadable();
  }
}
