/** The agreed-price field: what the user typed, as a number. */

/** The price field's number, or NaN for text that is not a plain amount ("abc", "1,5"). */
export const parsePrice = (text: string): number | null =>
  text.trim() === '' ? null : /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : NaN;
