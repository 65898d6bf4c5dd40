/** Lists one computation answers in parallel to another (a rule's per-line results beside the lines it read). */

/** The pairs of two lists of one length; a length that differs is a bug of the code that answered them. */
export function zip<A, B>(as: readonly A[], bs: readonly B[]): [A, B][] {
  if (as.length !== bs.length) throw new Error(`Parallel lists differ in length (${as.length} and ${bs.length})`);
  return as.map((a, i) => {
    const b = bs[i];
    if (b === undefined) throw new Error(`Parallel lists differ at ${i}`);
    return [a, b];
  });
}
