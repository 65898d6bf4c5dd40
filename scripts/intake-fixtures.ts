/**
 * npm run intake-fixtures [-- folder] — writes intake's estimate files (testkit/intake/fixtures.ts: every
 * estimate printed in its vendor's layout and exported as an EMS zip, and scanned copies of some) to a folder
 * (default .data/intake-fixtures), to look at or to upload by hand. Tests and the bench make them in memory.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeIntakePool } from '../api-host/intake/pool';
import { fixtures } from '../testkit/intake/fixtures';

const dir = process.argv[2] ?? '.data/intake-fixtures';
mkdirSync(dir, { recursive: true });
for (const f of fixtures()) {
  writeFileSync(join(dir, f.name), await f.bytes());
  console.log(join(dir, f.name));
}
await closeIntakePool();
