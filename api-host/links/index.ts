/** Shared links: signed, expiring, revocable read-only links to one inspection (lib/contract/links.ts). */
import type { Area } from '../core/area';
import { linkCalls } from './calls';
import { LINKS_SCHEMA } from './schema';
import { seedLinks } from './seed';

export const links: Area = { name: 'links', migrations: [LINKS_SCHEMA], calls: linkCalls, seed: seedLinks };
