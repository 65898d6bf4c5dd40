/**
 * The project documents itself (docs/README.md): comments point into docs/ instead of citing the
 * specification the project started from by section number (or, in product code, an issue), and every pointer
 * into docs/ names a file and a heading that exist. Reads the source tree as it is on disk.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const DOCS = join(ROOT, 'docs');
const SKIP_DIRS = new Set(['node_modules', '.git', '.next', '.data', '.bench', 'test-results', 'playwright-report', 'public']);
const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|md|css|sql)$/;
const SECTION = '\u00a7';

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.next')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (TEXT.test(name)) out.push(path);
  }
  return out;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string> | null>();
/** The anchors of a docs file, or null when it does not exist. */
function anchorsOf(file: string): Set<string> | null {
  if (!anchorCache.has(file)) {
    let text: string | null = null;
    try {
      text = readFileSync(join(DOCS, file), 'utf8');
    } catch {
      text = null;
    }
    anchorCache.set(file, text === null ? null : new Set([...text.matchAll(/^#{1,6} +(.+)$/gm)].map(([, heading = '']) => slug(heading))));
  }
  return anchorCache.get(file)!;
}

/** A section reference that names an issue or an RFC ("issue 31 §3", "RFC 6749 §4.1.2.1, §5"); these stay. */
const ALLOWED_SECTION = new RegExp(`(?:issue|RFC)\\s+\\d+\\s+${SECTION}[\\d.]+(?:\\s*(?:,|/|–|-|and)\\s*${SECTION}[\\d.]+)*`, 'gi');

/** Product code: its comments point into docs/, never to issues, which live outside the repository. */
const PRODUCT = /^(?:app|components|lib|api-host)\/|^(?:proxy|instrumentation)\.ts$/;
const ISSUE_NUMBER = /\bissues?\s+\d+/i;

/**
 * Problems of one file's text: section references to the specification, issue numbers in product code, and
 * pointers into docs/ that lead nowhere.
 */
export function problemsOf(text: string, file: string): string[] {
  const problems: string[] = [];
  const isDoc = file.startsWith('docs/');
  const isProduct = PRODUCT.test(file);
  text.split('\n').forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    if (isProduct && ISSUE_NUMBER.test(line)) problems.push(`${where}: cites an issue; point into docs/ instead`);
    if (line.replace(ALLOWED_SECTION, '').includes(SECTION))
      problems.push(`${where}: cites the specification by section number; point into docs/ instead`);
    if (/\bARCHITECTURE\s+"/.test(line)) problems.push(`${where}: cites ARCHITECTURE; point into docs/architecture.md instead`);

    // docs/<file>.md[#anchor], then bare #anchors of the same file later on the line ("docs/users.md#screens, #states").
    let current: string | null = null;
    for (const m of line.matchAll(/docs\/([\w.-]+\.md)(?:#([\w-]+))?|(?<=[\s(,;])#([a-z][a-z0-9-]*)\b/g)) {
      const [, docFile, anchor, bare] = m;
      const target = docFile ?? current;
      if (docFile) current = docFile;
      if (!target || (bare && !current)) continue;
      const anchors = anchorsOf(target);
      if (anchors === null) problems.push(`${where}: docs/${target} does not exist`);
      else if ((anchor ?? bare) && !anchors.has(anchor ?? bare ?? ''))
        problems.push(`${where}: docs/${target} has no heading #${anchor ?? bare}`);
    }

    // Relative links between the docs' own pages: [text](users.md#validation), [text](#limits).
    if (isDoc) {
      for (const m of line.matchAll(/\]\(([\w.-]*\.md)?(?:#([\w-]+))?\)/g)) {
        const [, linked, anchor] = m;
        const target = linked ?? file.slice('docs/'.length);
        const anchors = anchorsOf(target);
        if (anchors === null) problems.push(`${where}: link to docs/${target}, which does not exist`);
        else if (anchor && !anchors.has(anchor)) problems.push(`${where}: link to docs/${target}#${anchor}, which has no such heading`);
      }
    }
  });
  return problems;
}

describe('the documentation pointers', () => {
  it('finds a section reference, an issue in product code, a missing file and a missing heading (the check can fail)', () => {
    expect(problemsOf(`// the rule (overview ${SECTION}4)`, 'lib/x.ts')).toHaveLength(1);
    expect(problemsOf(`// see issue 31 ${SECTION}3, ${SECTION}4 and RFC 6749 ${SECTION}4.1.2.1`, 'scripts/x.ts')).toEqual([]);
    expect(problemsOf('// (docs/nothing-here.md#states)', 'lib/x.ts')).toEqual(['lib/x.ts:1: docs/nothing-here.md does not exist']);
    expect(problemsOf('// (docs/users.md#screens, #no-such-heading)', 'lib/x.ts')).toEqual([
      'lib/x.ts:1: docs/users.md has no heading #no-such-heading',
    ]);
    expect(problemsOf('See [the limits](#no-such-heading).', 'docs/users.md')).toHaveLength(1);
    expect(problemsOf('// (docs/users.md#screens, #states; docs/roles.md#users)', 'lib/x.ts')).toEqual([]);
    expect(problemsOf('// the rule (issue 31 §3)', 'components/x.tsx')).toEqual([
      'components/x.tsx:1: cites an issue; point into docs/ instead',
    ]);
    expect(problemsOf('// (issues 14, 32)', 'api-host/x.ts')).toHaveLength(1);
    expect(problemsOf('// (issue 31 §3)', 'tests/x.test.ts')).toEqual([]);
  });

  it('holds for every source, test, script and document of the repository', () => {
    const self = relative(ROOT, __filename).split('\\').join('/');
    const files = walk(ROOT)
      .map((p) => relative(ROOT, p).split('\\').join('/'))
      .filter((file) => file !== self); // its own examples above are wrong on purpose
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) => problemsOf(readFileSync(join(ROOT, file), 'utf8'), file));
    expect(problems).toEqual([]);
  });
});
