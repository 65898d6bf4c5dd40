/**
 * How the product shows numbers, money and sizes (docs/architecture.md#screens), for the user's locale (en-US,
 * the product's only one). Client-safe and small; dates are lib/dates.ts.
 */

export const LOCALE = 'en-US';

const counts = new Intl.NumberFormat(LOCALE);
const money = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' });
const decimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

export const formatCount = (n: number) => counts.format(n);
export const formatMoney = (n: number) => money.format(n);
/** Distances in miles, one decimal: "12.4 mi". */
export const formatMiles = (n: number) => `${decimal.format(n)} mi`;

export function formatBytes(n: number): string {
  if (n < 1024) return `${counts.format(n)} B`;
  if (n < 1024 * 1024) return `${decimal.format(n / 1024)} KB`;
  if (n < 1024 ** 3) return `${decimal.format(n / 1024 ** 2)} MB`;
  return `${decimal.format(n / 1024 ** 3)} GB`;
}
