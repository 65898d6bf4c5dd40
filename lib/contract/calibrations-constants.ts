/** Calibration limits without zod, so client components can import them (calibrations.ts re-exports them). */
export const ESTIMATE_MAX_BYTES = 5 * 1024 * 1024;
export const ESTIMATE_MAX_PASTE = 200_000;
