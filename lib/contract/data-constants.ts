/** The data import's delimiters without zod, so client components can import them (data.ts re-exports them). */
export const DELIMITERS = ['Comma', 'Tab'] as const;
export type Delimiter = (typeof DELIMITERS)[number];
