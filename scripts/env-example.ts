/** `npm run env-example`: writes .env.example from lib/config.ts (scripts/lib/env-example.ts). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderEnvExample } from './lib/env-example';

const file = join(import.meta.dirname, '..', '.env.example');
writeFileSync(file, renderEnvExample());
console.log(`wrote ${file}`);
