/** Instants as the host stores them: ISO 8601 in UTC to the second (`2026-11-26T01:02:03Z`). */
export const isoSeconds = (at: number | string | Date) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Now, as the host stores it. */
export const nowIso = () => isoSeconds(Date.now());
