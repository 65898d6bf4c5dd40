/**
 * A photo made ready in the browser before it is sent (docs/adas.md#evidence): decoded upright (createImageBitmap
 * with the EXIF orientation applied), scaled so its long edge is at most EVIDENCE_LONG_EDGE, and re-encoded
 * as JPEG through a canvas. A canvas holds pixels only, so the EXIF block with the GPS position, the camera
 * and the time is not carried over. A 12-megapixel phone photo of 4-6 MB leaves as a 4-megapixel JPEG of a
 * few hundred kB: over the upload limit is resized, never refused. The host checks again (api-host/evidence/photos.ts).
 */
import { EVIDENCE_JPEG_QUALITY, EVIDENCE_LONG_EDGE } from './limits';

/** Whether the browser can prepare the file here (a PDF, or a format it cannot decode, travels as it is). */
export const isPhoto = (file: Blob) => /^image\/(jpeg|png|webp|gif|heic|heif|avif|bmp)$/i.test(file.type);

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

export async function preparePhoto(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, EVIDENCE_LONG_EDGE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    let blob: Blob;
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
      blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: EVIDENCE_JPEG_QUALITY });
    } else {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
      blob = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/jpeg', EVIDENCE_JPEG_QUALITY),
      );
    }
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
