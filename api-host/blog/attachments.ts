/**
 * What may be attached to a post: the type is read from the content (file-type), never trusted from the
 * name, and must agree with the name's extension. Text and CSV (which have no signature) must be UTF-8
 * text without control characters.
 */
import { fileTypeFromBuffer } from 'file-type';
import { ATTACHMENT_EXTENSIONS, FORBIDDEN_ATTACHMENT as FORBIDDEN_TYPE } from '../../lib/contract/blog';

const BY_EXTENSION: Readonly<Record<(typeof ATTACHMENT_EXTENSIONS)[number], string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
  csv: 'text/csv',
};

const isText = (bytes: Uint8Array) => {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
};

/** The content type to store and serve, or an error message for the user. */
export async function attachmentType(fileName: string, bytes: Uint8Array): Promise<{ contentType: string } | { error: string }> {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const expected = (BY_EXTENSION as Record<string, string | undefined>)[ext];
  if (!expected) return { error: FORBIDDEN_TYPE };
  const found = await fileTypeFromBuffer(bytes);
  if (expected.startsWith('text/')) return !found && isText(bytes) ? { contentType: `${expected}; charset=utf-8` } : { error: `The content of ${fileName} is not text. ${FORBIDDEN_TYPE}` };
  if (found?.mime !== expected) return { error: `The content of ${fileName} does not match its name. ${FORBIDDEN_TYPE}` };
  return { contentType: expected };
}
