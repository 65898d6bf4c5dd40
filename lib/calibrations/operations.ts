/** The scrub's one set of operations, and how each is named (client-safe and small: screens import it). */
export const OPERATIONS = [
  'replace',
  'remove',
  'overhaul',
  'repair',
  'refinish',
  'blend',
  'align',
  'sublet',
  'labor',
  'check',
  'mask',
] as const;
export type Operation = (typeof OPERATIONS)[number];

/** How an operation is named in explanations and on screens. */
export const OPERATION_NAMES: Readonly<Record<Operation, string>> = {
  replace: 'replace',
  remove: 'remove and install (R&I)',
  overhaul: 'overhaul',
  repair: 'repair',
  refinish: 'refinish',
  blend: 'blend',
  align: 'align',
  sublet: 'sublet',
  labor: 'additional labor',
  check: 'check',
  mask: 'mask for paint',
};
