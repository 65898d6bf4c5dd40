/**
 * What may be attached to a post: the type is read from the content, never trusted from the name, and must
 * agree with the name's extension (api-host/files/types.ts, shared with storage uploads).
 */
import { ATTACHMENT_TYPES as BY_EXTENSION, FORBIDDEN_ATTACHMENT as FORBIDDEN_TYPE } from '../../lib/contract/blog';
import { typeOfNamedFile } from '../files/service';

/** The content type to store and serve, or an error message for the user. */
export async function attachmentType(fileName: string, bytes: Uint8Array): Promise<{ contentType: string } | { error: string }> {
  const type = await typeOfNamedFile(fileName, bytes, BY_EXTENSION);
  if ('contentType' in type)
    return { contentType: type.contentType.startsWith('text/') ? `${type.contentType}; charset=utf-8` : type.contentType };
  if (type.problem === 'extension') return { error: FORBIDDEN_TYPE };
  if (type.problem === 'notText') return { error: `The content of ${fileName} is not text. ${FORBIDDEN_TYPE}` };
  return { error: `The content of ${fileName} does not match its name. ${FORBIDDEN_TYPE}` };
}
