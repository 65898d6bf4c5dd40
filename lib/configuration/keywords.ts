/**
 * Keyword lists of the ADAS knowledge base: comma-separated text on the server, a list of chips in the
 * editor (docs/configuration.md#fields). Client-safe (no zod): the editor, the contract and the reference host use
 * the same rules, so a list means the same thing everywhere.
 *
 * Normal form: each keyword trimmed with inner white space collapsed, empty entries dropped, duplicates
 * (ignoring case) dropped keeping the first, joined with ", ". A keyword cannot hold a comma.
 */
export const KEYWORDS_MAX = 100;
export const KEYWORD_MAX_LENGTH = 60;
export const KEYWORD_SEPARATOR = ', ';

const clean = (k: string) => k.replace(/\s+/g, ' ').trim();

/** The keywords of a comma text (or of several, e.g. chips that were typed with commas in them). */
export function splitKeywords(text: string | readonly string[]): string[] {
  const parts = (typeof text === 'string' ? [text] : text).flatMap((t) => t.split(','));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts) {
    const k = clean(part);
    if (!k || seen.has(k.toLowerCase())) continue;
    seen.add(k.toLowerCase());
    out.push(k);
  }
  return out;
}

/** The server's comma text of a list (normalised). */
export const joinKeywords = (list: string | readonly string[]): string => splitKeywords(list).join(KEYWORD_SEPARATOR);

/** What is wrong with a keyword list, or null: too many entries, or one too long. */
export function keywordProblem(list: readonly string[]): string | null {
  if (list.length > KEYWORDS_MAX) return `At most ${KEYWORDS_MAX} keywords (this list has ${list.length.toLocaleString('en-US')})`;
  const long = list.find((k) => k.length > KEYWORD_MAX_LENGTH);
  if (long) return `A keyword has at most ${KEYWORD_MAX_LENGTH} characters ("${long.slice(0, 20)}…" has ${long.length})`;
  return null;
}
