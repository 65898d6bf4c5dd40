/** Seeded choices for the demo data the areas seed. */

/** Picks one element of a list with the given random numbers; the seed's lists are never empty, so an empty one is a bug. */
export const picker =
  (random: () => number) =>
  <T>(list: readonly T[]): T => {
    const item = list[Math.floor(random() * list.length)];
    if (item === undefined) throw new Error('A seed picked from an empty list');
    return item;
  };

/** The i-th element of a non-empty list, wrapping around (the seeds cycle names and roles through their lists). */
export function nth<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('A seed cycled through an empty list');
  return item;
}
