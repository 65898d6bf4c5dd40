/**
 * The current section of /configuration, rendered on the server: its list (page, sort, filters from the
 * URL) and the choices its filters and editors offer (admin/getAdasMakeMatrixCategories), handed to the
 * section's client component. A page past the end of a list shows its last page.
 */
import { redirect } from 'next/navigation';
import { api } from '@/lib/api/server';
import { contract } from '@/lib/contract';
import { listHref, pageCount, parseList, type ListStateOf, type RawParams } from '@/lib/list-state';
import { SECTION_LISTS, anySectionList, type SectionLists } from './list-specs';
import { sectionQuery } from './queries';
import type { SectionId } from './sections';
import {
  EstimateTermsSection,
  ExceptionsSection,
  ExclusionsSection,
  InfoSection,
  LinksSection,
  MakesSection,
  NoScrubSection,
  PricingSection,
  ReportsSection,
  ResultTypesSection,
  ScanProSection,
  SystemsSection,
  TestDrivesSection,
  TranslationsSection,
} from './section-switch';

/** A page past the end of the list (after deletions, or an old link) goes to the last page. */
function lastPage(section: SectionId, state: { page: number; pageSize: number }, count: number) {
  const last = pageCount(count, state.pageSize);
  if (count > 0 && state.page > last) redirect(listHref(anySectionList(section), { ...state, page: last }));
}

export async function SectionBody({ section, params, timezone }: { section: SectionId; params: RawParams; timezone: number }) {
  const state = <K extends keyof SectionLists>(k: K) => parseList(anySectionList(k), params) as unknown as ListStateOf<SectionLists[K]>;
  const categories = () => api(contract.admin.getAdasMakeMatrixCategories);
  const a = contract.admin;

  switch (section) {
    case 'makes': {
      const s = state('makes');
      const [data, cats] = await Promise.all([api(a.getAdasMakeMatrices, { query: sectionQuery.makes(s) }), categories()]);
      lastPage(section, s, data.count);
      return <MakesSection spec={SECTION_LISTS.makes} state={s} data={data} categories={cats} />;
    }
    case 'systems': {
      const s = state('systems');
      const data = await api(a.getAdasMatrix, { query: sectionQuery.systems(s) });
      lastPage(section, s, data.count);
      return <SystemsSection spec={SECTION_LISTS.systems} state={s} data={data} />;
    }
    case 'exceptions': {
      const s = state('exceptions');
      const [data, cats] = await Promise.all([api(a.getAdasMakeExclusions, { query: sectionQuery.exceptions(s) }), categories()]);
      lastPage(section, s, data.count);
      return <ExceptionsSection spec={SECTION_LISTS.exceptions} state={s} data={data} categories={cats} />;
    }
    case 'exclusions': {
      const s = state('exclusions');
      const [data, cats] = await Promise.all([api(a.getAdasExclusions, { query: sectionQuery.exclusions(s) }), categories()]);
      lastPage(section, s, data.count);
      return <ExclusionsSection spec={SECTION_LISTS.exclusions} state={s} data={data} categories={cats} />;
    }
    case 'info': {
      const s = state('info');
      const [data, cats] = await Promise.all([api(a.getAdasMatrixInfoLookups, { query: sectionQuery.info(s) }), categories()]);
      lastPage(section, s, data.count);
      return <InfoSection spec={SECTION_LISTS.info} state={s} data={data} categories={cats} />;
    }
    case 'noscrub': {
      const s = state('noscrub');
      const [data, cats] = await Promise.all([api(a.getAdasNoScrubList, { query: sectionQuery.noscrub(s) }), categories()]);
      lastPage(section, s, data.count);
      return <NoScrubSection spec={SECTION_LISTS.noscrub} state={s} data={data} categories={cats} />;
    }
    case 'links': {
      const s = state('links');
      const [data, cats] = await Promise.all([api(contract.alldata.getLinkManage, { query: sectionQuery.links(s) }), categories()]);
      lastPage(section, s, data.count);
      return <LinksSection spec={SECTION_LISTS.links} state={s} data={data} categories={cats} timezone={timezone} />;
    }
    case 'pricing': {
      const s = state('pricing');
      const [data, cats] = await Promise.all([
        api(contract.adasmatrix.systemCalibrations, { query: sectionQuery.pricing(s) }),
        categories(),
      ]);
      lastPage(section, s, data.count);
      return <PricingSection spec={SECTION_LISTS.pricing} state={s} data={data} categories={cats} />;
    }
    case 'testdrives': {
      const s = state('testdrives');
      const [data, cats] = await Promise.all([
        api(contract.testdrive.testdriveRecommendations, { query: sectionQuery.testdrives(s) }),
        categories(),
      ]);
      lastPage(section, s, data.count);
      return <TestDrivesSection spec={SECTION_LISTS.testdrives} state={s} data={data} categories={cats} />;
    }
    case 'results': {
      const s = state('results');
      const [data, cats] = await Promise.all([api(contract.lookups.testdriveResultType, { query: sectionQuery.results(s) }), categories()]);
      lastPage(section, s, data.count);
      return <ResultTypesSection spec={SECTION_LISTS.results} state={s} data={data} categories={cats} />;
    }
    case 'translations': {
      const s = state('translations');
      const data = await api(contract.language.translations, { query: sectionQuery.translations(s) });
      lastPage(section, s, data.count);
      return <TranslationsSection spec={SECTION_LISTS.translations} state={s} data={data} />;
    }
    case 'reports': {
      const s = state('reports');
      const [data, cats] = await Promise.all([
        api(contract.report.getReportRecommendations, { query: sectionQuery.reports(s) }),
        categories(),
      ]);
      lastPage(section, s, data.count);
      return <ReportsSection spec={SECTION_LISTS.reports} state={s} data={data} categories={cats} />;
    }
    case 'scanpro': {
      const s = state('scanpro');
      const [configuration, cats] = await Promise.all([
        api(contract.scanpro.GetScanProConfiguration, { query: { businessId: s.firm } }),
        categories(),
      ]);
      return (
        <ScanProSection
          key={s.firm}
          spec={SECTION_LISTS.scanpro}
          state={s}
          configuration={configuration}
          categories={cats}
          timezone={timezone}
        />
      );
    }
    case 'terms': {
      const s = state('terms');
      const [data, cats] = await Promise.all([
        api(contract.estimateterms.getEstimateTerms, { query: sectionQuery.terms(s) }),
        categories(),
      ]);
      lastPage(section, s, data.count);
      return <EstimateTermsSection spec={SECTION_LISTS.terms} state={s} data={data} categories={cats} />;
    }
  }
}
