/**
 * The ADAS, evidence and vehicle calls client components make, through the BFF (lib/bff/client.ts). Typed by
 * the contract (type imports only: no zod reaches the browser).
 */
import { bff, bffUpload } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { BodyOf } from '@/lib/contract/define';
import { FILE_FIELD } from '@/lib/files';

type A = typeof contract.adas;
type E = typeof contract.evidence;
type V = typeof contract.vehicles;
type D = typeof contract.decode;
type Query = Record<string, string | number | boolean | undefined>;

export const adasApi = {
  jobs: (query: Query, signal?: AbortSignal) => bff<A['adass']>('GET', 'adas/adass', { query, signal }),
  job: (adas: number, signal?: AbortSignal) => bff<A['adas']>('GET', 'adas/adas', { query: { adas }, signal }),
  create: (body: BodyOf<A['createAdas']>) => bff<A['createAdas']>('POST', 'adas/createAdas', { body }),
  save: (body: BodyOf<A['saveAdas']>) => bff<A['saveAdas']>('POST', 'adas/saveAdas', { body }),
  setJobStatus: (adas: number, status: number) => bff<A['updateStatusAdas']>('POST', 'adas/updateStatusAdas', { body: { adas, status } }),
  inspections: (adas: number) => bff<A['adasInspections']>('GET', 'adas/adasInspections', { query: { adas } }),
  inspection: (adasInspection: number) => bff<A['adasInspection']>('GET', 'adas/adasInspection', { query: { adasInspection } }),
  items: (adasInspection: number) => bff<A['adasInspectionItems']>('GET', 'adas/adasInspectionItems', { query: { adasInspection } }),
  saveInspection: (body: BodyOf<A['saveAdasInspection']>) => bff<A['saveAdasInspection']>('POST', 'adas/saveAdasInspection', { body }),
  setInspectionStatus: (adasInspection: number, status: number) =>
    bff<A['updateStatusAdasInspection']>('POST', 'adas/updateStatusAdasInspection', { body: { adasInspection, status } }),
  deleteInspection: (adasInspection: number) => bff<A['deleteInspection']>('POST', 'adas/deleteInspection', { body: { adasInspection } }),
  saveResults: (body: BodyOf<A['saveAdasInspectionResults']>) =>
    bff<A['saveAdasInspectionResults']>('POST', 'adas/saveAdasInspectionResults', { body }),
  setResultEquipped: (adasInspectionResult: number, isNotEquipped: boolean) =>
    bff<A['saveResultEquipped']>('POST', 'adas/saveResultEquipped', { body: { adasInspectionResult, isNotEquipped } }),
  notInstalled: (adasInspection: number) =>
    bff<A['notInstalledOnInspection']>('GET', 'adas/notInstalledOnInspection', { query: { adasInspection } }),
  addSystem: (adasInspection: number, adasChecklistMatrix: number) =>
    bff<A['addSystemToInspection']>('POST', 'adas/addSystemToInspection', { body: { adasInspection, adasChecklistMatrix } }),
  removeSystem: (adasInspection: number, adasChecklistMatrix: number) =>
    bff<A['removeSystemFromInspection']>('POST', 'adas/removeSystemFromInspection', { body: { adasInspection, adasChecklistMatrix } }),
  setLineEquipped: (adas: number, uniqueSequenceNumber: number, isNotEquipped: boolean) =>
    bff<A['saveEquipped']>('POST', 'adas/saveEquipped', { body: { adas, uniqueSequenceNumber, isNotEquipped } }),
  decodeJob: (adas: number) => bff<A['decode']>('POST', 'adas/decode', { body: { adas } }),
  insurers: (firm: number, signal?: AbortSignal) => bff<A['insurers']>('GET', 'adas/insurers', { query: { firm }, signal }),
};

/**
 * The offline queue's replays (use-offline-queue.ts): each body carries its change's own key, and a 401
 * throws instead of leaving the page for /login, so the queue can say to sign in again.
 */
export const offlineApi = {
  saveInspection: (body: BodyOf<A['saveAdasInspection']>) =>
    bff<A['saveAdasInspection']>('POST', 'adas/saveAdasInspection', { body, stayOnUnauthorized: true }),
  setInspectionStatus: (body: BodyOf<A['updateStatusAdasInspection']>) =>
    bff<A['updateStatusAdasInspection']>('POST', 'adas/updateStatusAdasInspection', { body, stayOnUnauthorized: true }),
  saveResults: (body: BodyOf<A['saveAdasInspectionResults']>) =>
    bff<A['saveAdasInspectionResults']>('POST', 'adas/saveAdasInspectionResults', { body, stayOnUnauthorized: true }),
  inspection: (adasInspection: number) =>
    bff<A['adasInspection']>('GET', 'adas/adasInspection', { query: { adasInspection }, stayOnUnauthorized: true }),
};

/** One file as it is uploaded as a system's evidence. */
export interface EvidenceUpload {
  file: File;
  firm: number;
  adasInspectionResult: number;
  caption: string;
  /** The upload's own key: sent again, the host answers what it stored the first time. */
  clientKey?: string;
  stayOnUnauthorized?: boolean;
}

export const evidenceApi = {
  /** Sends one file (named `{firm}/{file name}`) as evidence of a system's result; answers the stored items. */
  upload: ({ file, firm, adasInspectionResult, caption, clientKey, stayOnUnauthorized }: EvidenceUpload) =>
    bffUpload<E['uploadEvidence']>('adas/uploadEvidence', [file], {
      field: FILE_FIELD,
      folder: firm,
      query: { adasInspectionResult: String(adasInspectionResult), caption, ...(clientKey ? { clientKey } : {}) },
      stayOnUnauthorized,
    }),
  remove: (adasEvidence: number) => bff<E['removeEvidence']>('POST', 'adas/removeEvidence', { body: { adasEvidence } }),
};

export const vehicleApi = {
  list: (query: Query, signal?: AbortSignal) => bff<V['vehicles']>('GET', 'vehicle/vehicles', { query, signal }),
  get: (id: number) => bff<V['vehicle']>('GET', 'vehicle/vehicle', { query: { id } }),
  ofOwner: (contact: number, signal?: AbortSignal) =>
    bff<V['ownerVehicles']>('GET', 'vehicle/ownerVehicles', { query: { contact }, signal }),
  save: (body: BodyOf<V['saveVehicle']>) => bff<V['saveVehicle']>('POST', 'vehicle/saveVehicle', { body }),
  remove: (vehicle: number) => bff<V['deleteVehicle']>('POST', 'vehicle/deleteVehicle', { body: { vehicle } }),
  owners: (searchterm: string, signal: AbortSignal, firm?: number) =>
    bff<V['ownerSearch']>('GET', 'vehicle/ownerSearch', { query: { searchterm, firm }, signal }),
  makes: () => bff<V['makes']>('GET', 'vehicle/makes'),
};

export const decodeApi = {
  vin: (vin: string, signal?: AbortSignal) => bff<D['decodeAdas']>('GET', 'decode/adas', { query: { vin }, signal }),
};
