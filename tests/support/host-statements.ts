/**
 * The reference host's typed statements, read by the TypeScript compiler: every `prepared<Row>(db, sql)`,
 * `preparedValue<Value>(db, sql)` and `db.prepare<Params, Row>(sql)` in api-host/, with the row type's
 * properties (as the compiler resolves them) and the SQL text, or every text it can take when the SQL is
 * assembled from constants and literal-typed parts. tests/unit/host-rows.test.ts checks them against the schema.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** What a TypeScript type admits, as far as a row value goes. */
export interface TsKinds {
  /** Primitive kinds besides null/undefined: number, string, boolean, bigint, buffer, object. */
  kinds: Set<string>;
  /** The type takes anything (unknown, any, a bare type parameter). */
  any: boolean;
  null: boolean;
  undefined: boolean;
  /** The literal values when the type is a union of literals only (an enum of strings or numbers). */
  literals: (string | number)[] | null;
  text: string;
}

export interface RowProperty extends TsKinds {
  name: string;
  optional: boolean;
}

export interface TypedStatement {
  /** file:line in api-host. */
  at: string;
  helper: 'prepared' | 'preparedValue' | 'prepare';
  /** The statement yields its first column's value (preparedValue, or prepare(...).pluck()). */
  plucked: boolean;
  /** The row type the caller asserted. */
  row: TsKinds & { properties: RowProperty[] | null; each?: TsKinds };
  /** Every SQL text the call can run; empty when the text is built at run time from parts the compiler cannot enumerate. */
  sqls: string[];
  /** Why the SQL could not be enumerated (the part the compiler cannot resolve). */
  dynamic: string | null;
  /** The parts of the SQL read with a stand-in (STAND_INS) because the compiler cannot enumerate them. */
  standIns: string[];
}

const ROOT = process.cwd();

function hostFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return hostFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

function kindsOf(checker: ts.TypeChecker, type: ts.Type): TsKinds {
  const parts = type.isUnion() ? type.types : [type];
  const out: TsKinds = {
    kinds: new Set(),
    any: false,
    null: false,
    undefined: false,
    literals: [],
    text: checker.typeToString(type),
  };
  for (const t of parts) {
    const f = t.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TypeParameter)) out.any = true;
    else if (f & ts.TypeFlags.Null) out.null = true;
    else if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) out.undefined = true;
    else if (f & ts.TypeFlags.StringLiteral) {
      out.kinds.add('string');
      out.literals?.push((t as ts.StringLiteralType).value);
    } else if (f & ts.TypeFlags.NumberLiteral) {
      out.kinds.add('number');
      out.literals?.push((t as ts.NumberLiteralType).value);
    } else if (f & ts.TypeFlags.BooleanLiteral) {
      out.kinds.add('boolean');
      out.literals = null;
    } else if (f & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) {
      out.kinds.add('string');
      out.literals = null;
    } else if (f & ts.TypeFlags.NumberLike) {
      out.kinds.add('number');
      out.literals = null;
    } else if (f & ts.TypeFlags.BigIntLike) {
      out.kinds.add('bigint');
      out.literals = null;
    } else if (f & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) {
      const name = t.getSymbol()?.getName();
      out.kinds.add(name === 'Buffer' || name === 'Uint8Array' ? 'buffer' : 'object');
      out.literals = null;
    } else {
      out.kinds.add(checker.typeToString(t));
      out.literals = null;
    }
  }
  if (out.literals?.length === 0) out.literals = null;
  return out;
}

function rowOf(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): TypedStatement['row'] {
  const kinds = kindsOf(checker, type);
  // A record of any column (Record<string, unknown>) asserts nothing of them; a typed record, each one's type.
  const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
  if (index) {
    const each = kindsOf(checker, index.type);
    return { ...kinds, any: each.any, properties: null, each };
  }
  const objectOnly = !kinds.any && [...kinds.kinds].every((k) => k === 'object');
  const properties = objectOnly
    ? checker.getPropertiesOfType(checker.getNonNullableType(type)).map((p): RowProperty => {
        const propType = checker.getTypeOfSymbolAtLocation(p, at);
        return { name: p.getName(), optional: (p.flags & ts.SymbolFlags.Optional) !== 0, ...kindsOf(checker, propType) };
      })
    : null;
  return { ...kinds, properties };
}

/** Every text an expression of SQL can take, or the part that makes it dynamic. */
type Texts = { texts: string[]; standIns: string[] } | { dynamic: string };
/**
 * What stands in for a part of a template the compiler cannot enumerate (a WHERE condition, a firm scope, a
 * list of placeholders): nothing, or a true condition; the statement is read in the variants that prepare.
 */
export const STAND_INS = ['', '1'];
const MAX_VARIANTS = 512;
/** The texts a function's parameters take while its returned SQL is read (a helper such as `userName('a.user')`). */
type Env = ReadonlyMap<ts.Symbol, string[] | null>;

/** The returned expression of a function of consts and one `return` (or an arrow's expression body). */
function returnedExpression(decl: ts.Node | undefined): { fn: ts.SignatureDeclaration; body: ts.Expression } | null {
  let fn: ts.Node | undefined = decl;
  if (fn && ts.isVariableDeclaration(fn)) fn = fn.initializer;
  if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || !fn.body) return null;
  if (!ts.isBlock(fn.body)) return { fn, body: fn.body };
  const last = fn.body.statements.at(-1);
  const consts = fn.body.statements.slice(0, -1).every((st) => ts.isVariableStatement(st) && st.declarationList.flags & ts.NodeFlags.Const);
  if (consts && last && ts.isReturnStatement(last) && last.expression) return { fn, body: last.expression };
  return null;
}

function textsOf(checker: ts.TypeChecker, e: ts.Expression, env: Env = new Map(), depth = 0): Texts {
  if (depth > 12) return { dynamic: e.getText() };
  const recur = (x: ts.Expression, scope: Env = env) => textsOf(checker, x, scope, depth + 1);
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) return recur(e.expression);
  if (ts.isIdentifier(e)) {
    const bound = [...env].find(([s]) => s === checker.getSymbolAtLocation(e));
    if (bound) return bound[1] ? { texts: bound[1], standIns: [] } : { dynamic: e.getText() };
  }
  if (ts.isCallExpression(e)) {
    let symbol = checker.getSymbolAtLocation(e.expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const inline = returnedExpression(symbol?.valueDeclaration);
    if (inline && inline.fn.parameters.length === e.arguments.length) {
      const scope = new Map(env);
      for (const [i, p] of inline.fn.parameters.entries()) {
        const arg = recur(e.arguments[i]!);
        const ps = checker.getSymbolAtLocation(p.name);
        if (!ps) return { dynamic: e.getText() };
        // A parameter the compiler cannot enumerate is read with a stand-in where the function's SQL uses it.
        scope.set(ps, 'texts' in arg && !arg.standIns.length ? arg.texts : null);
      }
      return recur(inline.body, scope);
    }
    // READONLY.join(', ') or READONLY.map((x) => `…`).join(', ') of a readonly array of enumerable texts.
    if (ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'join') {
      const items = readonlyItems(checker, e.expression.expression, (x, scope) => recur(x, scope));
      const sep = e.arguments[0] ? recur(e.arguments[0]) : { texts: [','], standIns: [] };
      if (items && 'texts' in sep && sep.texts.length === 1) return { texts: [items.join(sep.texts[0])], standIns: [] };
    }
    // TEXT.replace('a', 'b') of an enumerable text.
    if (ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'replace' && e.arguments.length === 2) {
      const target = recur(e.expression.expression);
      const [a, b] = e.arguments.map((x) => recur(x));
      if ('texts' in target && a && b && 'texts' in a && 'texts' in b && a.texts.length === 1 && b.texts.length === 1)
        return { texts: target.texts.map((t) => t.replace(a.texts[0]!, b.texts[0]!)), standIns: target.standIns };
    }
  }
  // CONSTANT[key] of a const object: every value it holds.
  if (ts.isElementAccessExpression(e)) {
    const object = constInitializer(checker, e.expression);
    if (object && ts.isObjectLiteralExpression(object)) {
      const values = object.properties.map((p) => (ts.isPropertyAssignment(p) ? recur(p.initializer) : { dynamic: p.getText() }));
      const dynamic = values.find((v) => 'dynamic' in v);
      if (dynamic) return dynamic;
      return { texts: [...new Set(values.flatMap((v) => ('texts' in v ? v.texts : [])))], standIns: [] };
    }
  }
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return { texts: [e.text], standIns: [] };
  if (ts.isNumericLiteral(e)) return { texts: [e.text], standIns: [] };
  if (ts.isTemplateExpression(e)) {
    let acc: string[] = [e.head.text];
    const standIns: string[] = [];
    for (const span of e.templateSpans) {
      let part = recur(span.expression);
      if ('dynamic' in part) {
        standIns.push(part.dynamic);
        part = { texts: STAND_INS, standIns: [] };
      }
      standIns.push(...part.standIns);
      const texts = part.texts;
      acc = acc.flatMap((a) => texts.map((p) => a + p + span.literal.text));
      if (acc.length > MAX_VARIANTS) return { dynamic: `${e.getText().slice(0, 60)}… (more than ${MAX_VARIANTS} variants)` };
    }
    return { texts: acc, standIns };
  }
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const l = recur(e.left);
    if ('dynamic' in l) return l;
    const r = recur(e.right);
    if ('dynamic' in r) return r;
    return { texts: l.texts.flatMap((a) => r.texts.map((b) => a + b)), standIns: [...l.standIns, ...r.standIns] };
  }
  if (ts.isConditionalExpression(e)) {
    const a = recur(e.whenTrue);
    if ('dynamic' in a) return a;
    const b = recur(e.whenFalse);
    if ('dynamic' in b) return b;
    return { texts: [...new Set([...a.texts, ...b.texts])], standIns: [...a.standIns, ...b.standIns] };
  }
  if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    // A const whose initialiser is itself enumerable.
    let symbol = checker.getSymbolAtLocation(ts.isElementAccessExpression(e) ? e.argumentExpression : e);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const decl = symbol?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) {
      const r = recur(decl.initializer);
      if (!('dynamic' in r)) return r;
    }
    if (decl && ts.isPropertyAssignment(decl)) {
      const r = recur(decl.initializer);
      if (!('dynamic' in r)) return r;
    }
  }
  // Otherwise the compiler's own answer: a literal type, or a union of them.
  const type = checker.getTypeAtLocation(e);
  const parts = type.isUnion() ? type.types : [type];
  if (parts.every((t) => t.isStringLiteral() || t.isNumberLiteral())) {
    const texts = parts.map((t) => String((t as ts.StringLiteralType | ts.NumberLiteralType).value));
    // Two such parts of one object (kind.table, kind.key) vary together, which a type does not say: the
    // statement is read in the combinations that prepare, as with a stand-in.
    return { texts, standIns: texts.length > 1 ? [`${e.getText()} (one of ${texts.length} by its type)`] : [] };
  }
  return { dynamic: e.getText().slice(0, 80) };
}

/** The initialiser of a const an expression names, if any. */
function constInitializer(checker: ts.TypeChecker, e: ts.Expression): ts.Expression | null {
  let symbol = checker.getSymbolAtLocation(e);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !(ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const)) return null;
  let init = decl.initializer;
  while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
  return init;
}

/** The texts of a readonly array (a tuple or `readonly string[]` const), each mapped by an arrow when `e` is `ARRAY.map(arrow)`. */
function readonlyItems(checker: ts.TypeChecker, e: ts.Expression, recur: (x: ts.Expression, scope: Env) => Texts): string[] | null {
  let arrow: ts.ArrowFunction | null = null;
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'map') {
    const fn = e.arguments[0];
    if (!fn || !ts.isArrowFunction(fn) || ts.isBlock(fn.body) || fn.parameters.length !== 1) return null;
    arrow = fn;
    e = e.expression.expression;
  }
  const type = checker.getTypeAtLocation(e);
  const readonly = checker.isTupleType(type) || type.getSymbol()?.getName() === 'ReadonlyArray';
  const items = constInitializer(checker, e);
  if (!readonly || !items || !ts.isArrayLiteralExpression(items)) return null;
  const out: string[] = [];
  for (const item of items.elements) {
    let texts = recur(item, new Map());
    if (arrow && 'texts' in texts) {
      const param = checker.getSymbolAtLocation(arrow.parameters[0]!.name);
      if (!param) return null;
      texts = recur(arrow.body as ts.Expression, new Map([[param, texts.texts]]));
    }
    if (!('texts' in texts) || texts.texts.length !== 1 || texts.standIns.length) return null;
    out.push(texts.texts[0]!);
  }
  return out;
}

/** The helper a call goes through, if it is one of the typed statement helpers of api-host/core/sql.ts or better-sqlite3. */
function helperOf(checker: ts.TypeChecker, call: ts.CallExpression): TypedStatement['helper'] | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee) && (callee.text === 'prepared' || callee.text === 'preparedValue')) {
    let symbol = checker.getSymbolAtLocation(callee);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const file = symbol?.valueDeclaration?.getSourceFile().fileName ?? '';
    return file.endsWith('api-host/core/sql.ts') ? callee.text : null;
  }
  // db.prepare<Params, Row>(sql): better-sqlite3's own typed form (an untyped prepare yields unknown rows).
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
  if (name === 'prepare' && call.typeArguments?.length === 2) return 'prepare';
  return null;
}

/** Whether the statement a call makes is plucked right away: `db.prepare<…>(sql).pluck()`. */
function pluckedAfter(call: ts.CallExpression): boolean {
  const parent = call.parent;
  return ts.isPropertyAccessExpression(parent) && parent.name.text === 'pluck';
}

export function hostStatements(): TypedStatement[] {
  const files = hostFiles(join(ROOT, 'api-host'));
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, ROOT);
  const program = ts.createProgram(files, { ...config.options, incremental: false, noEmit: true });
  const checker = program.getTypeChecker();
  const out: TypedStatement[] = [];
  for (const source of program.getSourceFiles()) {
    if (!files.includes(source.fileName) || source.fileName.endsWith('api-host/core/sql.ts')) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const helper = helperOf(checker, node);
        const sqlArg = helper === 'prepare' ? node.arguments[0] : node.arguments[1];
        if (helper && sqlArg) {
          const signature = checker.getResolvedSignature(node);
          const statement = signature && checker.getReturnTypeOfSignature(signature);
          const args = statement ? checker.getTypeArguments(statement as ts.TypeReference) : [];
          const rowType = args[1];
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          const texts = textsOf(checker, sqlArg);
          if (rowType)
            out.push({
              at: `${relative(ROOT, source.fileName)}:${line + 1}`,
              helper,
              plucked: helper === 'preparedValue' || pluckedAfter(node),
              row: rowOf(checker, rowType, node),
              sqls: 'texts' in texts ? texts.texts : [],
              dynamic: 'dynamic' in texts ? texts.dynamic : null,
              standIns: 'standIns' in texts ? texts.standIns : [],
            });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}
