/**
 * .env.example is generated from lib/config.ts: rendering it again must give the committed file, and every
 * variable the app reads appears in it with its meaning. Fails when a variable is added, renamed, given
 * another default or described differently without `npm run env-example`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA } from '@/lib/config';
import { renderEnvExample } from '../../scripts/lib/env-example';

const committed = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');

describe('.env.example', () => {
  it('is what the configuration schema renders (run `npm run env-example` after changing lib/config.ts)', () => {
    expect(committed).toBe(renderEnvExample());
  });

  it('names every variable of the schema once, with its default', () => {
    const named = [...committed.matchAll(/^#([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1], m[2]]);
    expect(named.map(([n]) => n)).toEqual(Object.keys(CONFIG_SCHEMA.shape));
    expect(Object.fromEntries(named)).toMatchObject({
      API_URL: 'http://127.0.0.1:4010/api/',
      PORT: '3000',
      LOG_LEVEL: 'info',
      TRUST_PROXY: '0',
      AUTH_SECRET: '',
    });
  });
});
