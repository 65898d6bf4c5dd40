/**
 * The firm calls a client component makes, the pricing calls of a firm's price list, a firm's opt-in
 * programs and providers (partners/) and its storage (storage/), through the BFF (lib/bff/client.ts). Typed
 * by the contract (type imports only: no zod reaches the browser).
 */
import { bff, bffUpload } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { FirmInput, PreferenceInput } from '@/lib/contract/locations';
import type { PartnerEntry } from '@/lib/contract/locations-partners';
import { FILE_FIELD } from '@/lib/files';
import { programsToSave, providersToSave } from './partners/rules';

type F = typeof contract.locations;
type P = typeof contract.adasmatrix;
type Partner = typeof contract.locationsPartners;
type Store = typeof contract.locationsStorage;
type Query = Record<string, string | number | boolean | undefined>;

export const firmApi = {
  /** The list (getFirms), or the search (firmAdvancedSearch) when a search term is given. */
  list: ({ searchterm, ...query }: Query & { searchterm?: string }, signal?: AbortSignal) =>
    searchterm
      ? bff<F['firmAdvancedSearch']>('GET', 'firm/firmAdvancedSearch', { query: { ...query, searchterm }, signal })
      : bff<F['getFirms']>('GET', 'firm/getFirms', { query, signal }),
  tree: (firm: number, id: number, showInactive: boolean, signal?: AbortSignal) =>
    bff<F['locationTree']>('GET', 'firm/locationTree', { query: { firm, id, showInactive }, signal }),
  record: (firm: number, signal?: AbortSignal) => bff<F['firm']>('GET', 'firm/firm', { query: { firm }, signal }),
  form: (id: number, signal?: AbortSignal) => bff<F['editFirm']>('GET', 'firm/editFirm', { query: { id }, signal }),
  save: (body: FirmInput) => bff<F['saveFirm']>('POST', 'firm/saveFirm', { body }),
  remove: (firm: number) => bff<F['removeFirm']>('POST', 'firm/removeFirm', { body: { firm } }),
  // The contract path ends in "/" (firm/firmSearch/); the BFF maps the slash-less path back.
  parentSearch: (firm: number, searchterm: string, signal: AbortSignal) =>
    bff<F['firmSearch']>('GET', 'firm/firmSearch', { query: { firm, searchterm }, signal }),
  preferences: (firm: number, category: string, signal?: AbortSignal) =>
    bff<F['firmPreference']>('GET', 'firm/firmPreference', { query: { firm, category }, signal }),
  savePreference: (body: PreferenceInput) => bff<F['saveFirmPreference']>('POST', 'firm/saveFirmPreference', { body }),
  updateSettings: (firm: number, isInactive: boolean) =>
    bff<F['updateFirmSettings']>('POST', 'firm/updateFirmSettings', { body: { firm, isInactive } }),
};

export const pricingApi = {
  /** One page of the calibration types with the firm's own price and the source of the price that applies. */
  prices: (firm: number, page: number, pageSize: number, signal?: AbortSignal) =>
    bff<P['systemCalibrations']>('GET', 'adasmatrix/systemCalibrations', { query: { firm, page, pageSize }, signal }),
  /** Sets (price) or clears (null) the firm's own price of a calibration type. */
  save: (firm: number, calibrationType: number, price: number | null) =>
    bff<P['saveCalibrationPricing']>('POST', 'adasmatrix/saveCalibrationPricing', { body: { firm, calibrationType, price } }),
  exportCsv: (firm: number) => bff<P['exportCalibrationPricing']>('GET', 'adasmatrix/exportCalibrationPricing', { query: { firm } }),
};

/** A firm's opt-in programs and providers, by kind; a save sends what partners/rules.ts says changed. */
export const partnerApi = {
  programs: {
    list: (firm: number) => bff<Partner['optInPrograms']>('GET', 'firm/optInPrograms', { query: { firm } }),
    save: (firm: number, list: readonly PartnerEntry[]) =>
      bff<Partner['saveOptInPrograms']>('POST', 'firm/saveOptInPrograms', { body: { firm, programs: programsToSave(list) } }),
    search: (firm: number, search: string) =>
      bff<Partner['searchForOptInPrograms']>('GET', 'firm/searchForOptInPrograms', { query: { firm, search } }),
  },
  providers: {
    list: (firm: number) => bff<Partner['providers']>('GET', 'firm/providers', { query: { firm } }),
    save: (firm: number, list: readonly PartnerEntry[]) =>
      bff<Partner['saveProviders']>('POST', 'firm/saveProviders', { body: { firm, providers: providersToSave(list) } }),
    search: (firm: number, search: string, postalcode: string, radius: number) =>
      bff<Partner['searchForProviders']>('GET', 'firm/searchForProviders', { query: { firm, search, postalcode, radius } }),
  },
};

export const storageApi = {
  list: (query: Record<string, string | number>) => bff<Store['storage']>('GET', 'firm/storage', { query }),
  createStorage: (firm: number) => bff<Store['createStorage']>('GET', 'firm/createStorage', { query: { firm } }),
  createBucket: (firm: number) => bff<Store['createBucket']>('GET', 'firm/createBucket', { query: { firm } }),
  remove: (firm: number, filename: string) => bff<Store['removeFromBucket']>('GET', 'firm/removeFromBucket', { query: { firm, filename } }),
  /** Puts files in the firm's bucket (named `{firm}/{file name}`); answers their download URLs. */
  upload: (firm: number, files: readonly File[]) =>
    bffUpload<Store['uploadToBucket']>('firm/uploadToBucket', files, { field: FILE_FIELD, folder: firm }),
};
