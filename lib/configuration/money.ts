/**
 * Prices (calibration pricing): US dollars, 0 or more, at most two decimals, at most PRICE_MAX. Stored as
 * whole cents on the host; shown with the user's locale. Client-safe: the pricing editor, the CSV import
 * preview, the contract and the host read a price with the same rules and messages.
 */
export const PRICE_MAX = 100_000;

export const PRICE_MESSAGES = {
  notNumber: (text: string) => `"${text.length > 20 ? `${text.slice(0, 20)}…` : text}" is not a price: use a number such as 125.00`,
  negative: 'A price cannot be negative',
  decimals: 'A price has at most two decimals',
  tooLarge: `A price is at most ${PRICE_MAX.toLocaleString('en-US')}.00`,
} as const;

export type PriceReading = { ok: true; cents: number } | { ok: false; message: string };

/** A price from text ("125", "125.5", "$1,250.00") or a number. */
export function readPrice(value: string | number): PriceReading {
  let n: number;
  if (typeof value === 'number') {
    n = value;
    if (!Number.isFinite(n)) return { ok: false, message: PRICE_MESSAGES.notNumber(String(value)) };
  } else {
    const text = value.trim();
    const plain = text.replace(/^\$/, '').replace(/^(-?)\$/, '$1');
    // Thousands separators only in their proper places: "1,250.00" yes, "1,25" no.
    if (!/^-?(\d+|\d{1,3}(,\d{3})+)(\.\d*)?$/.test(plain)) return { ok: false, message: PRICE_MESSAGES.notNumber(text) };
    n = Number(plain.replace(/,/g, ''));
  }
  if (n < 0) return { ok: false, message: PRICE_MESSAGES.negative };
  const cents = Math.round(n * 100);
  if (Math.abs(cents - n * 100) > 1e-6) return { ok: false, message: PRICE_MESSAGES.decimals };
  if (cents > PRICE_MAX * 100) return { ok: false, message: PRICE_MESSAGES.tooLarge };
  return { ok: true, cents };
}

/** Dollars from cents (the contract carries dollars with at most two decimals). */
export const dollars = (cents: number) => cents / 100;
