/**
 * Whether a contract's parse left an upstream answer's data as it was, so the BFF may pass the upstream's
 * own bytes on instead of serialising the parsed value again (lib/bff/forward.ts).
 *
 * How it stays correct: the parsed value is compared with the JSON the upstream sent, node by node. Same
 * own keys in every object (a key the contract strips, or a default it adds, makes the counts differ),
 * same array lengths, and the very same primitives (a trim, a coercion or a transform to another type makes
 * a leaf differ). When all hold, JSON.stringify(parsed) would write the same data as the upstream's bytes
 * (only key order may differ, which no JSON reader sees); when anything differs the caller serialises the
 * parsed value, so unknown fields are still stripped. No per-call flag to keep in step with the schemas:
 * the answer itself decides. Cheaper than serialising: it reads keys, it writes nothing.
 */
export function sameData(raw: unknown, parsed: unknown): boolean {
  if (raw === parsed) return true;
  if (typeof raw !== 'object' || typeof parsed !== 'object' || raw === null || parsed === null) return false;
  if (Array.isArray(raw)) {
    if (!Array.isArray(parsed) || raw.length !== parsed.length) return false;
    for (let i = 0; i < raw.length; i++) if (!sameData(raw[i], parsed[i])) return false;
    return true;
  }
  if (Array.isArray(parsed) || Object.getPrototypeOf(parsed) !== Object.prototype) return false;
  const a = raw as Record<string, unknown>;
  const b = parsed as Record<string, unknown>;
  let keys = 0;
  for (const k in a) {
    if (!Object.hasOwn(a, k)) continue;
    if (!Object.hasOwn(b, k) || !sameData(a[k], b[k])) return false;
    keys++;
  }
  for (const k in b) if (Object.hasOwn(b, k)) keys--;
  return keys === 0;
}
