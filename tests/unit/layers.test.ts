/**
 * The layers lint enforces (docs/architecture.md "Layers", eslint.config.mjs): each forbidden import, written
 * into a file of the layer that may not make it, fails lint with the rule that says why; the allowed ones pass.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The rules that fail on `code` placed at `filePath` (which need not exist). */
async function failures(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

const RESTRICTED = 'import/no-restricted-paths';

describe('the layers', () => {
  const forbidden: [string, string, string, string][] = [
    // [what, file, code, rule]
    [
      'a client component imports a host query',
      'components/users/x.tsx',
      "'use client';\nimport { x } from '@/api-host/users/query';\nexport const y = x;\n",
      RESTRICTED,
    ],
    [
      'a component imports a host service',
      'components/users/x.ts',
      "import { x } from '../../api-host/users/service';\nexport const y = x;\n",
      RESTRICTED,
    ],
    ['lib imports a component', 'lib/x.ts', "import { Button } from '@/components/ui/button';\nexport const y = Button;\n", RESTRICTED],
    [
      'lib/contract imports a component',
      'lib/contract/x.ts',
      "import { Button } from '../../components/ui/button';\nexport const y = Button;\n",
      RESTRICTED,
    ],
    [
      'lib/contract imports the host',
      'lib/contract/x.ts',
      "import { x } from '../../api-host/users/service';\nexport const y = x;\n",
      RESTRICTED,
    ],
    [
      'a page imports the host',
      'app/(side-nav)/x/page.tsx',
      "import { x } from '@/api-host/users/service';\nexport default function P() { return x; }\n",
      RESTRICTED,
    ],
    [
      'the host imports a component',
      'api-host/users/x.ts',
      "import { Button } from '../../components/ui/button';\nexport const y = Button;\n",
      RESTRICTED,
    ],
    [
      'the host imports the app’s configuration',
      'api-host/users/x.ts',
      "import { config } from '../../lib/config';\nexport const y = config;\n",
      RESTRICTED,
    ],
    [
      'the host imports an app server module',
      'api-host/users/x.ts',
      "import { api } from '../../lib/api/server';\nexport const y = api;\n",
      RESTRICTED,
    ],
    ['a component imports app/', 'components/users/x.ts', "import x from '@/app/layout';\nexport const y = x;\n", RESTRICTED],
    ['lib imports app/', 'lib/x.ts', "import x from '../app/layout';\nexport const y = x;\n", RESTRICTED],
    [
      'a client component imports a server-only module',
      'components/users/x.tsx',
      "'use client';\nimport { api } from '@/lib/api/server';\nexport const y = api;\n",
      'local/client-no-server-only',
    ],
  ];
  for (const [what, file, code, rule] of forbidden)
    it(`fails lint: ${what}`, async () => {
      expect(await failures(file, code)).toContain(rule);
    }, 60_000);

  // The BFF is called only from the areas' api.ts modules (docs/architecture.md "Layers").
  const BFF_OUTSIDE_API = 'no-restricted-imports';
  const callsBff = "'use client';\nimport { bff } from '@/lib/bff/client';\nexport const y = bff;\n";
  const bffOutsideApi: [string, string, string][] = [
    // [what, file, code]
    ['a component imports bff', 'components/users/x.tsx', callsBff],
    [
      'a shared component imports bffUpload by a relative path',
      'components/ui/x.tsx',
      "import { bffUpload } from '../../lib/bff/client';\nexport const y = bffUpload;\n",
    ],
    ['a hook re-exports bff', 'components/lookups/x.ts', "export { bff } from '@/lib/bff/client';\n"],
    [
      'a page imports bff',
      'app/(side-nav)/x/page.tsx',
      "import { bff } from '@/lib/bff/client';\nexport default function P() { return bff; }\n",
    ],
    ['lib imports bff', 'lib/x.ts', "import { bff } from './bff/client';\nexport const y = bff;\n"],
  ];
  for (const [what, file, code] of bffOutsideApi)
    it(`fails lint: ${what} outside an area's api.ts`, async () => {
      expect(await failures(file, code)).toContain(BFF_OUTSIDE_API);
    }, 60_000);

  it("passes lint: bff in an area's api.ts, BffError anywhere", async () => {
    expect(await failures('components/users/api.ts', callsBff)).not.toContain(BFF_OUTSIDE_API);
    expect(await failures('components/locations/storage/api.ts', callsBff)).not.toContain(BFF_OUTSIDE_API);
    expect(
      await failures('components/users/x.tsx', "'use client';\nimport { BffError } from '@/lib/bff/client';\nexport const y = BffError;\n"),
    ).not.toContain(BFF_OUTSIDE_API);
  }, 60_000);

  it('passes lint: the allowed direction of each', async () => {
    const allowed: [string, string][] = [
      ['components/users/x.ts', "import { ALL_ROLES } from '@/lib/roles';\nexport const y = ALL_ROLES;\n"],
      ['app/(side-nav)/x/page.tsx', "import { Button } from '@/components/ui/button';\nexport default function P() { return Button; }\n"],
      [
        'api-host/users/x.ts',
        "import { EMBEDDED_ALLDATA_CLIENT } from '../../lib/embedded-clients';\nexport const y = EMBEDDED_ALLDATA_CLIENT;\n",
      ],
      ['components/users/x.tsx', "'use client';\nimport type { api } from '@/lib/api/server';\nexport type Y = typeof api;\n"],
    ];
    for (const [file, code] of allowed) expect(await failures(file, code), file).not.toContain(RESTRICTED);
    for (const [file, code] of allowed) expect(await failures(file, code), file).not.toContain('local/client-no-server-only');
  }, 60_000);
});
