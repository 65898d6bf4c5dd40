/** `npm run icons`: writes components/ui/icons.svg from components/ui/icon-names.ts (scripts/lib/icon-sprite.ts). */
import { writeFileSync } from 'node:fs';
import { ICON_NAMES } from '../components/ui/icon-names';
import { iconSprite } from './lib/icon-sprite';

const file = new URL('../components/ui/icons.svg', import.meta.url);
writeFileSync(file, iconSprite(ICON_NAMES));
console.log(`components/ui/icons.svg: ${ICON_NAMES.length} icons`);
