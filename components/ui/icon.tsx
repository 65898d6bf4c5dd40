/**
 * An icon of the sprite (components/ui/icons.svg, built from lucide's icons: icon-names.ts): an <svg> that
 * <use>s the sprite's symbol. The sprite is one static file of the build, fetched once and then cached
 * (immutable under /_next/static/, precached by the service worker), so a page carries a short reference per
 * icon, not its paths, and no client component: server and client components alike render it.
 * Decorative only (hidden from screen readers): the control around it carries the name. 24 px unless a
 * class sizes it (the `.icon` rule of app/globals.css, as lucide's own width and height).
 */
import type { StaticImageData } from 'next/image';
import type { IconName } from './icon-names';
import sprite from './icons.svg';

const SPRITE_URL = (sprite as StaticImageData).src;

export type { IconName };

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : 'icon'}>
      <use href={`${SPRITE_URL}#${name}`} />
    </svg>
  );
}
