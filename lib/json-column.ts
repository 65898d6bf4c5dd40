/**
 * JSON kept as text (a database column, a shared-store entry) read back through its schema: a value that is
 * not what the writer stored fails here, naming where it was read, instead of flowing on as the type it
 * claims to be. Server-side only (it brings zod's runtime).
 */
import { z } from 'zod';

export function parseJsonColumn<Schema extends z.ZodType>(schema: Schema, text: string, where: string): z.output<Schema> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${where}: the stored value is not JSON`, { cause: e });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${where}: the stored value is not what it should be\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
