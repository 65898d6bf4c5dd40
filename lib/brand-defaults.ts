/** Fallback brand assets for firms without Brand settings and for the pages outside a session. */
export const DEFAULT_LOGO = '/brands/default-logo.svg';
export const DEFAULT_ICON = '/brands/default-icon.svg';
