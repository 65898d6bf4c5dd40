/**
 * `.env.example`, generated from the app's configuration schema (lib/config.ts `CONFIG_SCHEMA`): every
 * variable with its meaning (the schema's description), its default and how to set it. Written by
 * `npm run env-example`; tests/unit/env-example.test.ts renders it again and fails when the file differs,
 * so the two cannot drift.
 */
import { z } from 'zod';
import { CONFIG_SCHEMA } from '../../lib/config';

interface Property {
  description?: string;
  default?: unknown;
}

const HEADER = `# The app's configuration: every variable lib/config.ts reads, with its default. Generated from that
# schema by \`npm run env-example\` (a unit test fails when this file and the schema differ): do not edit.
#
# Each commented line shows the default (nothing after '=': none). Set values in the environment, or copy lines
# to .env.local (read by \`next dev\`) without the '#'. An empty value counts as unset. A missing or malformed
# value stops the server with a message naming it. The reference host's own variables (API_HOST_*) are in
# the README.
`;

/** Wraps a sentence into '# ' comment lines of at most `width` characters. */
function comment(text: string, width = 110): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

export function renderEnvExample(): string {
  const json = z.toJSONSchema(CONFIG_SCHEMA, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, Property> };
  const blocks = Object.keys(CONFIG_SCHEMA.shape).map((name) => {
    const p = json.properties[name] ?? {};
    if (!p.description) throw new Error(`lib/config.ts: ${name} has no description (.describe())`);
    const value = p.default === undefined ? '' : String(p.default);
    return [...comment(p.description), `#${name}=${value}`].join('\n');
  });
  return `${HEADER}\n${blocks.join('\n\n')}\n`;
}
