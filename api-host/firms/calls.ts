/** Firm calls of the shell: preferences by category (Brand). */
import { contract } from '../../lib/contract';
import { assertFirm, implement } from '../server';

export const firmCalls = [
  implement(contract.firm.firmPreference, ({ query, caller, ctx }) => {
    assertFirm(caller, query.firm, 'Firm');
    return ctx.db
      .prepare('SELECT firm, name, value, type FROM firm_preference WHERE firm = ? AND type = ? ORDER BY name')
      .all(query.firm, query.category) as { firm: number; name: string; value: string | null; type: string }[];
  }),
];
