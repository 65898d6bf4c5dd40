/** The command palette's search across areas: no tables of its own, the areas' indexes. */
import type { Area } from '../core/area';
import { searchCalls } from './calls';

export const search: Area = { name: 'search', migrations: [], calls: searchCalls };
