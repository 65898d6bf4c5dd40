/**
 * The models of a make matrix (docs/configuration.md#fields: models with id, name, isAdd, isDelete). The editor
 * turns its list of model chips into changes against the models it loaded; the host applies changes to the
 * models it holds. Client-safe.
 */
export interface ModelRef {
  id: number;
  name: string;
}
export interface ModelChange extends ModelRef {
  isAdd: boolean;
  isDelete: boolean;
}

const key = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

/** The changes that turn `loaded` into the names in `wanted`: new names are added, missing ones deleted. */
export function modelChanges(loaded: readonly ModelRef[], wanted: readonly string[]): ModelChange[] {
  const want = new Map<string, string>();
  for (const n of wanted) if (key(n) && !want.has(key(n))) want.set(key(n), n.replace(/\s+/g, ' ').trim());
  const have = new Set(loaded.map((m) => key(m.name)));
  return [
    ...loaded.map((m) => ({ ...m, isAdd: false, isDelete: !want.has(key(m.name)) })),
    ...[...want].filter(([k]) => !have.has(k)).map(([, name]) => ({ id: -1, name, isAdd: true, isDelete: false })),
  ];
}

/**
 * The models after applying changes to `current`: an entry with isDelete removes its id, one with isAdd
 * (or a new id ≤ 0) adds its name unless the name is there already, any other entry is left as it is.
 * Answers the names to add, the ids to remove, and ids that are not models of this make matrix.
 */
export function applyModelChanges(
  current: readonly ModelRef[],
  changes: readonly ModelChange[],
): { add: string[]; remove: number[]; unknown: number[] } {
  const ids = new Set(current.map((m) => m.id));
  const remove = new Set<number>();
  const unknown: number[] = [];
  for (const c of changes) {
    if (!c.isDelete || c.id <= 0) continue;
    if (ids.has(c.id)) remove.add(c.id);
    else unknown.push(c.id);
  }
  const names = new Set(current.filter((m) => !remove.has(m.id)).map((m) => key(m.name)));
  const add: string[] = [];
  for (const c of changes) {
    if (c.isDelete || !(c.isAdd || c.id <= 0)) continue;
    const k = key(c.name);
    if (!k || names.has(k)) continue;
    names.add(k);
    add.push(c.name.replace(/\s+/g, ' ').trim());
  }
  return { add, remove: [...remove], unknown };
}

/** The models as one text ("Camry, RAV4"; '' = every model) and as a key for the duplicate rule. */
export function modelsText(names: readonly string[]): { text: string; key: string } {
  const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }));
  return { text: sorted.join(', '), key: sorted.map(key).join('|') };
}
