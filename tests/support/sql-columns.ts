/**
 * What a statement's SQL says of each result column beyond what SQLite reports (tests/unit/host-rows.test.ts):
 * the select-list expression behind it, whether it comes through an outer join, and what an expression
 * yields (its kind, and whether it can be NULL) when SQLite has no declared type for it.
 */

/** The SQL with string literals, quoted names and comments blanked (same length), so that scanning sees only keywords. */
function blank(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\//g, (m) =>
    m[0] === "'" || m[0] === '"' ? m[0] + ' '.repeat(m.length - 2) + m[0] : ' '.repeat(m.length),
  );
}

/** Parenthesis depth before each character of a blanked text. */
function depths(text: string): number[] {
  const out: number[] = [];
  let d = 0;
  for (const ch of text) {
    if (ch === ')') d--;
    out.push(d);
    if (ch === '(') d++;
  }
  return out;
}

function keywordAt(text: string, depth: number[], re: RegExp, from = 0): number {
  const g = new RegExp(re.source, 'gi');
  g.lastIndex = from;
  for (let m = g.exec(text); m; m = g.exec(text)) if (depth[m.index] === 0) return m.index;
  return -1;
}

/** The top-level select list (or RETURNING list) of a statement, one expression per result column, or null when it has `*`. */
export function selectList(sql: string): string[] | null {
  const text = blank(sql);
  const depth = depths(text);
  let start = keywordAt(text, depth, /\bRETURNING\b/);
  if (start >= 0) start += 'RETURNING'.length;
  else {
    start = keywordAt(text, depth, /\bSELECT\b/);
    if (start < 0) return null;
    start += 'SELECT'.length;
  }
  const endAt = keywordAt(text, depth, /\b(FROM|WHERE|GROUP|ORDER|LIMIT|UNION|EXCEPT|INTERSECT|WINDOW)\b/, start);
  const end = endAt < 0 ? text.length : endAt;
  const items: string[] = [];
  let from = start;
  for (let i = start; i <= end; i++) {
    if (i === end || (text[i] === ',' && depth[i] === 0)) {
      items.push(sql.slice(from, i).trim());
      from = i + 1;
    }
  }
  if (items[0]) items[0] = items[0].replace(/^(DISTINCT|ALL)\s+/i, '');
  if (items.some((x) => x === '*' || x.endsWith('.*'))) return null;
  return items;
}

/** The names (aliases, or table names when unaliased) that a statement joins with LEFT JOIN: their columns may be NULL. */
export function outerJoined(sql: string): Set<string> {
  const text = blank(sql);
  const out = new Set<string>();
  const re = /\bLEFT\s+(?:OUTER\s+)?JOIN\s+/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let i = m.index + m[0].length;
    let table = '';
    if (text[i] === '(') {
      let d = 0;
      for (; i < text.length; i++) {
        if (text[i] === '(') d++;
        if (text[i] === ')' && --d === 0) break;
      }
      i++;
    } else {
      const t = /^[\w.]+/.exec(text.slice(i));
      table = t?.[0] ?? '';
      i += table.length;
    }
    const alias = /^\s+(?:AS\s+)?(\w+)/i.exec(text.slice(i))?.[1];
    const keyword = alias && /^(ON|USING|LEFT|JOIN|INNER|CROSS|WHERE|GROUP|ORDER|LIMIT)$/i.test(alias);
    const name = alias && !keyword ? alias : table;
    if (name) out.add(name.toLowerCase());
  }
  return out;
}

/** The expression of a select item, without its alias. */
export function expressionOf(item: string): string {
  const text = blank(item);
  const depth = depths(text);
  const as = /\s+AS\s+["\w]+$/i.exec(text);
  if (as && depth[as.index] === 0) return item.slice(0, as.index).trim();
  return item.trim();
}

/** A plain column reference `alias.column` or `column`: its qualifier ('' when unqualified). */
export function columnReference(expression: string): { qualifier: string } | null {
  const m = /^(?:(\w+)\.)?"?(\w+)"?$/.exec(expression);
  return m ? { qualifier: (m[1] ?? '').toLowerCase() } : null;
}

/** Whether the parenthesis opened at `open` closes at the text's last character. */
function closesAt(text: string, depth: number[], open: number): boolean {
  if (open < 0 || text[open] !== '(' || !text.endsWith(')')) return false;
  const level = depth[open]!;
  for (let i = open + 1; i < text.length - 1; i++) if (text[i] === ')' && depth[i] === level) return false;
  return true;
}

/** Whether a table column, named by its qualifier (alias or table, '' when unqualified), can be NULL; null when not known. */
export type ColumnNullable = (qualifier: string, column: string) => boolean | null;

/** The tables a statement names, by alias (or by their own name when unaliased), outer joins aside. */
export function tablesByAlias(sql: string): Map<string, string> {
  const text = blank(sql);
  const out = new Map<string, string>();
  const re = /\b(FROM|JOIN)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const alias = m[3] && !/^(ON|USING|WHERE|JOIN|LEFT|INNER|CROSS|GROUP|ORDER|LIMIT|INDEXED|NOT|AS)$/i.test(m[3]) ? m[3] : m[2]!;
    out.set(alias.toLowerCase(), m[2]!);
  }
  return out;
}

export interface ExpressionFacts {
  /** The kinds of TS value it yields: number, string; null when unknown. */
  kinds: string[] | null;
  /** Whether it can be NULL: true, false, or null when the expression is not one this reading knows. */
  nullable: boolean | null;
}

const LITERAL_NUMBER = /^-?\d+(\.\d+)?$/;
const LITERAL_STRING = /^'(?:[^']|'')*'$/;

/** What an expression yields, for the expressions the host writes: counts, literals, coalesce, concatenation, aggregates, subqueries. */
export function expressionFacts(expression: string, sql: string, column: ColumnNullable = () => null): ExpressionFacts {
  const e = expression.trim();
  const recur = (x: string, within = sql) => expressionFacts(x, within, column);
  const text = blank(e);
  const depth = depths(text);
  const fn = /^(\w+)\s*\(/.exec(text)?.[1]?.toLowerCase();
  const closesAtEnd = fn !== undefined && closesAt(text, depth, text.indexOf('('));
  if (LITERAL_NUMBER.test(e)) return { kinds: ['number'], nullable: false };
  if (LITERAL_STRING.test(e)) return { kinds: ['string'], nullable: false };
  if (/^NULL$/i.test(e)) return { kinds: null, nullable: true };
  if (closesAtEnd && (fn === 'count' || fn === 'total')) return { kinds: ['number'], nullable: false };
  if (/^(NOT\s+)?EXISTS\s*\(/i.test(text) && closesAt(text, depth, text.indexOf('('))) return { kinds: ['number'], nullable: false };
  if (closesAtEnd && (fn === 'coalesce' || fn === 'ifnull')) {
    const inner = e.slice(e.indexOf('(') + 1, -1);
    const innerText = blank(inner);
    const innerDepth = depths(innerText);
    const lastComma = [...innerText]
      .map((c, i) => (c === ',' && innerDepth[i] === 0 ? i : -1))
      .filter((i) => i >= 0)
      .pop();
    const last = lastComma === undefined ? '' : inner.slice(lastComma + 1).trim();
    const tail = recur(last);
    if (tail.nullable === false) return { kinds: tail.kinds, nullable: false };
    return { kinds: tail.kinds, nullable: null };
  }
  if (closesAtEnd && /^(min|max|sum|avg|group_concat|json_group_array)$/.test(fn)) {
    const kinds = fn === 'group_concat' ? ['string'] : fn === 'json_group_array' ? ['string'] : null;
    // Without GROUP BY an aggregate over no rows is NULL (json_group_array yields '[]'); with it, each group
    // has a row, and the aggregate of a NOT NULL column is not NULL.
    if (fn === 'json_group_array') return { kinds, nullable: false };
    if (!/\bGROUP\s+BY\b/i.test(blank(sql))) return { kinds, nullable: true };
    const argument = /^\w+\s*\(\s*(?:DISTINCT\s+)?(?:(\w+)\.)?(\w+)\s*\)$/i.exec(e);
    const nullable = argument ? column(argument[1]?.toLowerCase() ?? '', argument[2]!) : null;
    return { kinds, nullable };
  }
  // Arithmetic with a number: the other operand's nullability, a number.
  const arithmetic = /^([\s\S]+?)\s*[-+*/]\s*(\d+(?:\.\d+)?)$/.exec(e);
  if (arithmetic && depth[arithmetic[1]!.length] === 0) {
    const left = recur(arithmetic[1]!);
    return { kinds: ['number'], nullable: left.nullable };
  }
  if (
    closesAtEnd &&
    /^(trim|ltrim|rtrim|lower|upper|substr|substring|replace|printf|format|strftime|date|datetime|time|json_extract|json_object|json_array|quote|hex)$/.test(
      fn,
    )
  ) {
    return { kinds: /^json_extract$/.test(fn) ? null : ['string'], nullable: null };
  }
  if (closesAtEnd && /^(length|abs|round|instr|unicode|julianday|unixepoch|typeof|iif)$/.test(fn)) {
    return { kinds: fn === 'typeof' ? ['string'] : fn === 'iif' ? null : ['number'], nullable: null };
  }
  // A scalar subquery yields NULL when it finds no row (a count always finds one).
  if (closesAt(text, depth, 0) && /^\(\s*SELECT\b/i.test(text)) {
    const inner = e.slice(1, -1);
    const list = selectList(inner);
    const item = list?.length === 1 ? expressionOf(list[0]!) : null;
    const only = item === null ? null : recur(item, inner);
    // An aggregate without GROUP BY or LIMIT yields its one row even over no rows: the aggregate decides.
    const innerText = blank(inner);
    const innerDepth = depths(innerText);
    const oneRow =
      item !== null &&
      /\b(count|total|sum|min|max|avg|group_concat|json_group_array)\s*\(/i.test(blank(item)) &&
      keywordAt(innerText, innerDepth, /\b(GROUP\s+BY|LIMIT|HAVING|UNION)\b/) < 0;
    if (oneRow) return { kinds: only?.kinds ?? null, nullable: only?.nullable ?? null };
    return { kinds: only?.kinds ?? null, nullable: true };
  }
  // Top-level concatenation yields text (NULL when a part is NULL).
  if (text.split('').some((c, i) => c === '|' && text[i + 1] === '|' && depth[i] === 0)) return { kinds: ['string'], nullable: null };
  // IS NULL / IS NOT NULL is 0 or 1, never NULL.
  if (/^[\w.]+\s+IS\s+(NOT\s+)?NULL$/i.test(e)) return { kinds: ['number'], nullable: false };
  return { kinds: null, nullable: null };
}

/**
 * Whether the statement's WHERE keeps only rows where the column is not NULL: `col IS NOT NULL`, `col = …`
 * or `col IN (…)` after a WHERE (an outer join's ON clause does not count).
 */
export function requiredNotNull(sql: string, qualifier: string, column: string): boolean {
  const text = blank(sql);
  const where = text.search(/\bWHERE\b/i);
  if (where < 0) return false;
  const name = `${qualifier ? `${qualifier}\\.` : '(?:\\w+\\.)?'}"?${column}"?`;
  return new RegExp(`(?:^|[^\\w.])${name}\\s*(?:IS\\s+NOT\\s+NULL\\b|=|IN\\s*\\()`, 'i').test(text.slice(where));
}
