/**
 * The icon sprite (components/ui/icons.svg): one <symbol> per name of components/ui/icon-names.ts, made from
 * lucide-react's own rendering of that icon (its component, default props), so the paths and attributes are
 * lucide's and follow its upgrades. The <svg> root's presentation attributes (fill, stroke, stroke-width,
 * line caps and joins) move to the symbol, which a <use> clones with its children; size, class and
 * aria-hidden stay with the page's <svg> (components/ui/icon.tsx).
 */
import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** Root attributes that belong to each use, not to the shape. */
const PER_USE = new Set(['xmlns', 'width', 'height', 'class', 'aria-hidden']);

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** One icon as a <symbol id="name">. */
export function iconSymbol(name: string): string {
  const component = (lucide as unknown as Record<string, ComponentType | undefined>)[pascal(name)];
  if (!component) throw new Error(`lucide-react has no icon "${name}" (${pascal(name)})`);
  const svg = renderToStaticMarkup(createElement(component));
  const open = svg.indexOf('>');
  if (!svg.startsWith('<svg ') || !svg.endsWith('</svg>') || open < 0) throw new Error(`unexpected markup for "${name}": ${svg}`);
  const attributes = [...svg.slice(5, open).matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)]
    .filter((m) => !PER_USE.has(m[1] ?? ''))
    .map((m) => ` ${m[1]}="${m[2]}"`)
    .join('');
  return `<symbol id="${name}"${attributes}>${svg.slice(open + 1, -'</svg>'.length)}</symbol>`;
}

/** The whole sprite, one symbol a line. */
export function iconSprite(names: readonly string[]): string {
  // The root's viewBox is never drawn (a <use> draws one symbol in its own); the build's static-file import reads it.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">\n${names.map((n) => `${iconSymbol(n)}\n`).join('')}</svg>\n`;
}
