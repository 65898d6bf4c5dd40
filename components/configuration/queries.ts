/**
 * Each section's call query from its URL state (everything but the section), for the server render and
 * for the client's CSV export of every matching row. Client-safe.
 */
import type { ListStateOf } from '@/lib/list-state';
import type { SectionLists } from './list-specs';

type State<K extends keyof SectionLists> = ListStateOf<SectionLists[K]>;

/** The list's paging and sort, keeping the list's own sort and direction types (the call's query checks them). */
const paging = <S extends { page: number; pageSize: number; orderBy: string; direction: string; searchTerm: string }>(
  s: S,
): Pick<S, 'page' | 'pageSize' | 'orderBy' | 'direction' | 'searchTerm'> => ({
  page: s.page,
  pageSize: s.pageSize,
  orderBy: s.orderBy,
  direction: s.direction,
  searchTerm: s.searchTerm,
});

export const sectionQuery = {
  makes: (s: State<'makes'>) => ({
    ...paging(s),
    vehicleMake: s.vehicleMake,
    adasChecklistMatrix: s.adasChecklistMatrix,
    year: s.year,
    vehicleModel: s.vehicleModel,
  }),
  systems: (s: State<'systems'>) => paging(s),
  exceptions: (s: State<'exceptions'>) => ({ ...paging(s), id: s.id, vehicleMake: s.vehicleMake }),
  exclusions: (s: State<'exclusions'>) => paging(s),
  info: (s: State<'info'>) => ({ ...paging(s), vehicleMake: s.vehicleMake, lookupType: s.lookupType, source: s.source }),
  noscrub: (s: State<'noscrub'>) => paging(s),
  links: (s: State<'links'>) => ({ ...paging(s), adaslinks: s.type === 'adas', make: s.make, isNew: s.isNew === 'new' }),
  pricing: (s: State<'pricing'>) => ({ ...paging(s), systemType: s.systemType }),
  testdrives: (s: State<'testdrives'>) => ({ ...paging(s), firm: s.firm }),
  results: (s: State<'results'>) => ({ ...paging(s), firm: s.firm }),
  translations: (s: State<'translations'>) => ({ ...paging(s), translationType: s.translationType, languageCode: s.languageCode }),
  reports: (s: State<'reports'>) => paging(s),
  terms: (s: State<'terms'>) => ({ ...paging(s), firm: s.firm, source: s.source, kind: s.kind }),
};
