/**
 * The configuration calls a client component makes, through the BFF (lib/bff/client.ts). Typed by the
 * contract with type imports only: no zod reaches the browser.
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { BodyOf } from '@/lib/contract/define';

type Admin = typeof contract.admin;
type Links = typeof contract.alldata;
type Pricing = typeof contract.adasmatrix;
type Drive = typeof contract.testdrive;
type Lang = typeof contract.language;
type Report = typeof contract.report;
type Scan = typeof contract.scanpro;
type Lookup = typeof contract.lookups;
type Terms = typeof contract.estimateterms;
export type Query = Record<string, string | number | boolean | undefined | null>;

export const configApi = {
  systems: (query: Query, signal?: AbortSignal) => bff<Admin['getAdasMatrix']>('GET', 'admin/getAdasMatrix', { query, signal }),
  saveSystem: (body: BodyOf<Admin['saveAdasMatrix']>) => bff<Admin['saveAdasMatrix']>('POST', 'admin/saveAdasMatrix', { body }),
  deleteSystem: (id: number) => bff<Admin['deleteAdasMatrix']>('GET', 'admin/deleteAdasMatrix', { query: { id } }),

  makeMatrices: (query: Query, signal?: AbortSignal) =>
    bff<Admin['getAdasMakeMatrices']>('GET', 'admin/getAdasMakeMatrices', { query, signal }),
  makeMatrix: (id: number, signal?: AbortSignal) =>
    bff<Admin['getAdasMakeMatrix']>('GET', 'admin/getAdasMakeMatrix', { query: { id }, signal }),
  saveMakeMatrix: (body: BodyOf<Admin['saveAdasMakeMatrix']>) =>
    bff<Admin['saveAdasMakeMatrix']>('POST', 'admin/saveAdasMakeMatrix', { body }),
  saveMakeMatrixNames: (body: BodyOf<Admin['saveAdasMakeMatrixLookups']>) =>
    bff<Admin['saveAdasMakeMatrixLookups']>('POST', 'admin/saveAdasMakeMatrixLookups', { body }),
  deleteMakeMatrix: (id: number) => bff<Admin['deleteAdasMakeMatrix']>('GET', 'admin/deleteAdasMakeMatrix', { query: { id } }),
  moveMakeMatrix: (id: number, to: number) => bff<Admin['moveAdasMakeMatrix']>('GET', 'admin/moveAdasMakeMatrix', { query: { id, to } }),
  keywordsTriggersExport: (query: Query) =>
    bff<Admin['checklistMatrixVehicleKeywordsTriggersExport']>('GET', 'admin/checklistMatrixVehicleKeywordsTriggersExport', { query }),

  makeExceptions: (query: Query, signal?: AbortSignal) =>
    bff<Admin['getAdasMakeExclusions']>('GET', 'admin/getAdasMakeExclusions', { query, signal }),
  saveMakeException: (body: BodyOf<Admin['saveAdasMakeExclusion']>) =>
    bff<Admin['saveAdasMakeExclusion']>('POST', 'admin/saveAdasMakeExclusion', { body }),
  deleteMakeException: (id: number) => bff<Admin['deleteAdasMakeExclusion']>('GET', 'admin/deleteAdasMakeExclusion', { query: { id } }),
  makeExceptionLookups: (make: string, adasChecklistMatrix: number | null, signal?: AbortSignal) =>
    bff<Admin['getMakeExceptionLookups']>('GET', 'admin/getMakeExceptionLookups', {
      query: { make, adasChecklistMatrix: adasChecklistMatrix ?? 0 },
      signal,
    }),

  exclusions: (query: Query, signal?: AbortSignal) => bff<Admin['getAdasExclusions']>('GET', 'admin/getAdasExclusions', { query, signal }),
  saveExclusion: (body: BodyOf<Admin['saveAdasExclusion']>) => bff<Admin['saveAdasExclusion']>('POST', 'admin/saveAdasExclusion', { body }),
  deleteExclusion: (id: number) => bff<Admin['deleteAdasExclusion']>('GET', 'admin/deleteAdasExclusion', { query: { id } }),

  infoLookups: (query: Query, signal?: AbortSignal) =>
    bff<Admin['getAdasMatrixInfoLookups']>('GET', 'admin/getAdasMatrixInfoLookups', { query, signal }),
  saveInfoLookup: (body: BodyOf<Admin['saveAdasMatrixInfoLookup']>) =>
    bff<Admin['saveAdasMatrixInfoLookup']>('POST', 'admin/saveAdasMatrixInfoLookup', { body }),
  deleteInfoLookup: (id: number) => bff<Admin['deleteAdasMatrixInfoLookup']>('GET', 'admin/deleteAdasMatrixInfoLookup', { query: { id } }),
  infoExport: (query: Query) => bff<Admin['checklistMatrixAdasInfoExport']>('GET', 'admin/checklistMatrixAdasInfoExport', { query }),

  noScrub: (query: Query, signal?: AbortSignal) => bff<Admin['getAdasNoScrubList']>('GET', 'admin/getAdasNoScrubList', { query, signal }),
  saveNoScrub: (body: BodyOf<Admin['saveAdasNoScrubList']>) =>
    bff<Admin['saveAdasNoScrubList']>('POST', 'admin/saveAdasNoScrubList', { body }),
  deleteNoScrub: (id: number) => bff<Admin['deleteAdasNoScrubList']>('GET', 'admin/deleteAdasNoScrubList', { query: { id } }),

  links: (query: Query, signal?: AbortSignal) => bff<Links['getLinkManage']>('GET', 'alldata/getLinkManage', { query, signal }),
  createLinks: (body: BodyOf<Links['createAdasLinks']>) => bff<Links['createAdasLinks']>('POST', 'alldata/createAdasLinks', { body }),
  saveLink: (body: BodyOf<Links['saveAdasLinks']>) => bff<Links['saveAdasLinks']>('POST', 'alldata/saveAdasLinks', { body }),
  updateLinks: (body: BodyOf<Links['updateAdasLinks']>) => bff<Links['updateAdasLinks']>('POST', 'alldata/updateAdasLinks', { body }),
  removeLinks: (ids: number[]) => bff<Links['removeLinksManage']>('POST', 'alldata/removeLinksManage', { body: { ids } }),

  calibrations: (query: Query, signal?: AbortSignal) =>
    bff<Pricing['systemCalibrations']>('GET', 'adasmatrix/systemCalibrations', { query, signal }),
  pricing: (calibrationType: number, firm?: number, signal?: AbortSignal) =>
    bff<Pricing['getCalibrationPricing']>('GET', 'adasmatrix/getCalibrationPricing', { query: { calibrationType, firm }, signal }),
  savePricing: (body: BodyOf<Pricing['saveCalibrationPricing']>) =>
    bff<Pricing['saveCalibrationPricing']>('POST', 'adasmatrix/saveCalibrationPricing', { body }),
  removeCalibration: (systemType: number, calibrationType: number) =>
    bff<Pricing['removeCalibration']>('GET', 'adasmatrix/removeCalibration', { query: { systemType, calibrationType } }),
  importPricing: (body: BodyOf<Pricing['importCalibrationPricing']>) =>
    bff<Pricing['importCalibrationPricing']>('POST', 'adasmatrix/importCalibrationPricing', { body }),
  exportPricing: (firm?: number) =>
    bff<Pricing['exportCalibrationPricing']>('GET', 'adasmatrix/exportCalibrationPricing', { query: { firm } }),

  testDrives: (query: Query & { firm: number }, signal?: AbortSignal) =>
    bff<Drive['testdriveRecommendations']>('GET', 'testdrive/testdriveRecommendations', { query, signal }),
  saveTestDrive: (body: BodyOf<Drive['saveTestDriveRecommendation']>) =>
    bff<Drive['saveTestDriveRecommendation']>('POST', 'testdrive/saveTestDriveRecommendation', { body }),
  deleteTestDrive: (id: number) =>
    bff<Drive['deleteTestdriveRecommendation']>('GET', 'testdrive/deleteTestdriveRecommendation', {
      query: { testDriveRecommendation: id },
    }),

  resultTypes: (query: Query, signal?: AbortSignal) =>
    bff<Lookup['testdriveResultType']>('GET', 'lookup/testdriveResultType', { query, signal }),
  saveResultType: (body: BodyOf<Lookup['saveTestdriveResultType']>) =>
    bff<Lookup['saveTestdriveResultType']>('POST', 'lookup/saveTestdriveResultType', { body }),
  keywords: (types: string, vehicleMake: string, signal?: AbortSignal) =>
    bff<Lookup['keywords']>('GET', 'lookup/keywords', { query: { types, vehicleMake }, signal }),

  translations: (query: Query, signal?: AbortSignal) => bff<Lang['translations']>('GET', 'language/translations', { query, signal }),
  addTranslation: (body: BodyOf<Lang['addTranslation']>) => bff<Lang['addTranslation']>('POST', 'language/addTranslation', { body }),
  saveTranslation: (body: BodyOf<Lang['saveTranslation']>) => bff<Lang['saveTranslation']>('POST', 'language/saveTranslation', { body }),
  deleteTranslation: (id: number) => bff<Lang['deleteTranslation']>('GET', 'language/deleteTranslation', { query: { translation: id } }),

  reportRecommendations: (query: Query, signal?: AbortSignal) =>
    bff<Report['getReportRecommendations']>('GET', 'report/getReportRecommendations', { query, signal }),
  saveReportRecommendation: (body: BodyOf<Report['saveReportRecommendation']>) =>
    bff<Report['saveReportRecommendation']>('POST', 'report/saveReportRecommendation', { body }),
  removeReportRecommendation: (id: number) =>
    bff<Report['removeReportRecommendation']>('GET', 'report/removeReportRecommendation', { query: { reportRecommendation: id } }),

  scanPro: (businessId: number, signal?: AbortSignal) =>
    bff<Scan['GetScanProConfiguration']>('GET', 'scanpro/GetScanProConfiguration', { query: { businessId }, signal }),
  saveScanPro: (body: BodyOf<Scan['SaveScanProConfiguration']>) =>
    bff<Scan['SaveScanProConfiguration']>('POST', 'scanpro/SaveScanProConfiguration', { body }),

  estimateTerms: (query: Query, signal?: AbortSignal) => bff<Terms['getEstimateTerms']>('GET', 'admin/getEstimateTerms', { query, signal }),
  saveEstimateTerm: (body: BodyOf<Terms['saveEstimateTerm']>) => bff<Terms['saveEstimateTerm']>('POST', 'admin/saveEstimateTerm', { body }),
  deleteEstimateTerm: (id: number) => bff<Terms['deleteEstimateTerm']>('POST', 'admin/deleteEstimateTerm', { body: { estimateTerm: id } }),
  readEstimateLine: (query: { firm: number; operation: string; description: string; section: string }) =>
    bff<Terms['readEstimateLine']>('GET', 'admin/readEstimateLine', { query }),
};
