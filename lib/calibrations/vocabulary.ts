/**
 * The operations the scrub reads (docs/scrub.md "Operations"): plain data, client-safe. A firm extends them
 * in Configuration → Estimate terms (lib/contract/estimateterms.ts); its codes win over these.
 *
 * - OPERATION_CODES: the operation column as CCC ONE, Mitchell and Audatex/Qapter print it, and the words
 *   estimators type, mapped to one set of operations. Keys are compared in lower case without spaces.
 * - DESCRIPTION_OPERATIONS: operation words a description may hold ("repl frt bumper", "xfer cam").
 * The parts are the lexicon's (lexicon-data.ts), the other word classes words.ts's.
 */

import type { Operation } from './operations';

export { OPERATIONS, OPERATION_NAMES, type Operation } from './operations';

const codes = (op: Operation, list: string) => list.split(' ').map((c) => [c, op] as const);

/** Operation codes and words, keyed in lower case without spaces. */
export const OPERATION_CODES: Readonly<Record<string, Operation>> = Object.fromEntries([
  ...codes(
    'replace',
    'repl rpl rplc replace replaced replacement swap swapped r&r r+r r/r remove/replace remove&replace removeandreplace rem/repl rmv/repl rmv&repl rmv/rpl rem&repl replace/refinish repl/refn new exch exchange section sect sectioning',
  ),
  ...codes(
    'remove',
    'r&i r+i r/i ri transfer xfer trans retain reuse remove/install remove&install removeandinstall removeandreinstall remove&reinstall rem/inst d&r d/r detach&reset remove removal reinstall r&ionly remove/reinstall rmv/inst rmv&inst rem&inst rem/install removeonly move moved unclip unclipped',
  ),
  ...codes('overhaul', 'o/h oh overhaul o/hl ovh'),
  ...codes('repair', 'rpr rep repair repaired straighten pull pdr repair/refinish rpr/refn rpr/rfn'),
  ...codes('refinish', 'refn rfn refinish ref refin paint pnt refinishonly'),
  ...codes('blend', 'blnd blend bld'),
  ...codes('align', 'algn align alignment'),
  ...codes('sublet', 'subl sublet sub s/l sblt'),
  ...codes(
    'labor',
    "add'llabor addllabor add'lopr addlopr add'lcost addlcost add'l addl additionallabor additionalcost additionaloperation laboronly labor lbr misc other mech mechanical",
  ),
  ...codes('check', 'chk chkd check checked check/adjust inspect inspected insp inspection diag diagnose diagnosis test measure'),
  // "Mask park aid sensors for refinish": covered where they are while the paint goes on around them.
  ...codes('mask', 'mask masked masking maskoff'),
]);

/** Operation words recognised inside a description ("repl frt bumper", "windshield replacement"). */
export const DESCRIPTION_OPERATIONS: ReadonlySet<string> = new Set(
  'repl rpl rplc replace replaced replacement swap swapped r&r r+r r/r remove/replace r&i r+i r/i ri remove removal reinstall transfer xfer retain reuse move moved unclip unclipped o/h overhaul rpr repair repaired straighten pull pdr refn rfn refinish paint blnd blend subl sublet check chk chkd checked inspect inspected inspection diag diagnose diagnosis mask masked masking'.split(
    ' ',
  ),
);
