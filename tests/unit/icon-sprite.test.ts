/** The icon sprite is lucide-react's own drawing of the listed icons, and in step with the list (issue 50 §2). */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Plus } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '@/components/ui/icon-names';
import { iconSprite, iconSymbol } from '../../scripts/lib/icon-sprite';

describe('icon sprite', () => {
  it('components/ui/icons.svg is what `npm run icons` writes from the list', () => {
    const file = readFileSync(new URL('../../components/ui/icons.svg', import.meta.url), 'utf8');
    expect(file, 'run `npm run icons`').toBe(iconSprite(ICON_NAMES));
  });

  it('a symbol carries lucide’s shapes and stroke attributes, not its size, class or aria-hidden', () => {
    const symbol = iconSymbol('plus');
    const svg = renderToStaticMarkup(createElement(Plus));
    const inner = svg.slice(svg.indexOf('>') + 1, -'</svg>'.length);
    expect(symbol).toBe(
      `<symbol id="plus" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</symbol>`,
    );
    expect(inner).toContain('<path');
  });

  it('an alias resolves to the icon lucide-react exports under that name', () => {
    expect(iconSymbol('trash-2')).toMatch(/^<symbol id="trash-2" /);
  });

  it('a name lucide-react does not have is refused', () => {
    expect(() => iconSymbol('no-such-icon')).toThrow(/no icon "no-such-icon"/);
  });
});
