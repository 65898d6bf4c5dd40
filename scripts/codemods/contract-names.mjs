/**
 * One-off codemod (safe to run again): every key of `contract` (lib/contract/index.ts) becomes the camelCase of
 * its module's file name (`contract.firm` → `contract.locations`, `contract.partner` → `contract.locationsPartners`,
 * …), at every call site; the share links' calls move from `report/…` to their area's path `links/…`; and the
 * storage rules move to docs/locations-storage.md, named like their contract module.
 * Run from the repository root after merging a branch that still uses the old names:
 *   node scripts/codemods/contract-names.mjs && npx prettier --write $(git diff --name-only) && npm run openapi
 * tests/unit/area-names.test.ts fails while a key and its module differ. Delete this file once no branch needs it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEYS = {
  calibration: 'calibrations',
  contact: 'contacts',
  file: 'files',
  firm: 'locations',
  lookup: 'lookups',
  partner: 'locationsPartners',
  share: 'links',
  storage: 'locationsStorage',
  user: 'users',
  vehicle: 'vehicles',
};
const LINK_CALLS = 'createShareLink|shareLinks|revokeShareLink|sharedInspection|sharedReport|sharedEvidence';
const camel = (file) => file.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const old = Object.keys(KEYS).join('|');

// The index: one import per module, aliased and keyed by the module's own name, in alphabetical order.
const indexFile = 'lib/contract/index.ts';
let index = readFileSync(indexFile, 'utf8');
const imports = [...index.matchAll(/^import \* as \w+ from '\.\/([\w-]+)';\n/gm)];
const modules = imports.map((m) => m[1]).sort((a, b) => camel(a).localeCompare(camel(b)));
index = index.replace(/^import \* as \w+ from '\.\/[\w-]+';\n/gm, '');
index = index.replace(/^(import type \{ CallDef \} from '\.\/define';\n)/m, (line) =>
  [...modules.map((m) => `import * as ${camel(m)} from './${m}';\n`), line].join(''),
);
index = index.replace(
  /export const contract = \{[^}]*\};/,
  `export const contract = {\n${modules.map((m) => `  ${camel(m)},\n`).join('')}};`,
);
writeFileSync(indexFile, index);

const storageDoc = join('docs', 'storage.md'); // the page before the rename
if (existsSync(storageDoc)) execFileSync('git', ['mv', storageDoc, join('docs', 'locations-storage.md')]);
const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.md'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && f !== indexFile && !f.startsWith('scripts/codemods/'));
for (const file of files) {
  const before = readFileSync(file, 'utf8');
  // `contract.firm.x`, and the same through a local alias (`const c = contract;` … `c.firm.x`).
  const aliases = ['contract', ...[...before.matchAll(/\bconst (\w+) = contract;/g)].map((m) => m[1])];
  let text = before.replace(new RegExp(`\\b(${aliases.join('|')})\\.(${old})\\b`, 'g'), (_, r, k) => `${r}.${KEYS[k]}`);
  // `const { firm: f, lookup } = contract;` → `const { locations: f, lookups: lookup } = contract;`
  text = text.replace(/\{([^{}]*)\}(\s*=\s*contract\b)/g, (_, names, rest) => {
    const renamed = names.replace(new RegExp(`(^\\s*|,\\s*)(${old})(\\s*:|(?=\\s*(,|$)))`, 'g'), (m, pre, k, colon) =>
      colon.trim() === ':' ? `${pre}${KEYS[k]}:` : `${pre}${KEYS[k]}: ${k}`,
    );
    return `{${renamed}}${rest}`;
  });
  text = text.replace(new RegExp(`\\breport/(${LINK_CALLS})\\b`, 'g'), 'links/$1');
  text = text.replace(/\bdocs\/storage\.md\b/g, 'docs/locations-storage.md');
  if (file.startsWith('docs/')) text = text.replace(/([[(])storage\.md\b/g, '$1locations-storage.md');
  if (text !== before) writeFileSync(file, text);
}
