/** `npm run openapi`: writes docs/openapi.json from the contract (scripts/lib/openapi.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderOpenApi } from './lib/openapi';

const root = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const file = join(root, 'docs', 'openapi.json');
writeFileSync(file, renderOpenApi(version));
console.log(`wrote ${file}`);
