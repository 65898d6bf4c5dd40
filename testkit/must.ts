/**
 * A value the test has already established is there (a row it just wrote, the first item of a list it
 * checked): a missing one fails the test naming `what`, instead of a TypeError a few lines later.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`Expected ${what}, found ${value === null ? 'null' : 'nothing'}`);
  return value;
}

/** The first two items of a list the test has made to hold them. */
export function two<T>(list: readonly T[], what: string): [T, T] {
  const [a, b] = list;
  return [must(a, `the first of ${what}`), must(b, `the second of ${what}`)];
}

/** The first three items of a list the test has made to hold them. */
export function three<T>(list: readonly T[], what: string): [T, T, T] {
  const [a, b, c] = list;
  return [must(a, `the first of ${what}`), must(b, `the second of ${what}`), must(c, `the third of ${what}`)];
}
