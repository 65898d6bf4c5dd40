/**
 * What a named file is: its type is read from the content (file-type), never trusted from the name or the
 * declared type, and must be the type of the name's extension, which must be one the caller accepts. Text
 * and CSV have no signature: their content must be UTF-8 without control characters (tab and line breaks
 * aside). Blog attachments (api-host/blog/attachments.ts) and storage uploads (api-host/locations/storage.ts)
 * both check files here, each with its own list of types.
 */
import { fileTypeFromBuffer } from 'file-type';

export type TypeCheck = { contentType: string } | { problem: 'extension' | 'notText' } | { problem: 'mismatch'; found: string | null };

/** `{ mime: ['.ext', …] }` (lib/files.ts STORAGE_TYPES) as `{ ext: mime }`. */
export const byExtension = (types: Readonly<Record<string, readonly string[]>>): Readonly<Record<string, string>> =>
  Object.fromEntries(Object.entries(types).flatMap(([mime, exts]) => exts.map((e) => [e.replace(/^\./, '').toLowerCase(), mime])));

export const extensionOf = (fileName: string) => /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';

function isText(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}

/** The file's content type when its content is what its extension says and the extension is accepted. */
export async function typeOfNamedFile(fileName: string, bytes: Uint8Array, accepted: Readonly<Record<string, string>>): Promise<TypeCheck> {
  const expected = accepted[extensionOf(fileName)];
  if (!expected) return { problem: 'extension' };
  const found = await fileTypeFromBuffer(bytes);
  if (expected.startsWith('text/')) return !found && isText(bytes) ? { contentType: expected } : { problem: 'notText' };
  return found?.mime === expected ? { contentType: expected } : { problem: 'mismatch', found: found?.mime ?? null };
}
