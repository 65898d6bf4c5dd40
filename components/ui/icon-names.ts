/**
 * The icons the product shows: lucide's names (lucide.dev/icons, the kebab-case form of lucide-react's export
 * names). components/ui/icons.svg is built from this list by `npm run icons` (scripts/icons.ts), from
 * lucide-react's own rendering of each; tests/unit/icon-sprite.test.ts fails when the two differ.
 * A new icon: add its name here, run `npm run icons`, use `<Icon name="…" />` (components/ui/icon.tsx).
 */
export const ICON_NAMES = [
  'arrow-down',
  'arrow-left',
  'arrow-up',
  'arrow-up-down',
  'bold',
  'camera',
  'check',
  'chevron-down',
  'chevron-first',
  'chevron-last',
  'chevron-left',
  'chevron-right',
  'columns-3',
  'download',
  'external-link',
  'file-text',
  'file-up',
  'heading-2',
  'history',
  'image-up',
  'italic',
  'link',
  'list',
  'list-ordered',
  'loader-circle',
  'menu',
  'paperclip',
  'pencil',
  'pin',
  'plus',
  'quote',
  'search',
  'send',
  'trash-2',
  'underline',
  'upload',
  'user-round',
  'x',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
