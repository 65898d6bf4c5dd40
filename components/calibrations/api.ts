/**
 * The calibration calls client components make, through the BFF (lib/bff/client.ts). Typed by the contract
 * (type imports only: no zod reaches the browser).
 */
import { bff, bffUpload } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { BodyOf } from '@/lib/contract/define';
import type { ReportPreference } from '@/lib/contract/calibrations';

type ReportLanguage = ReportPreference['language'];
import { BFF_PREFIX } from '@/lib/bff/protocol';

type C = typeof contract.calibrations;
type A = typeof contract.adas;

export const calibrationApi = {
  upload: (adas: number, file: File, firm: number) =>
    bffUpload<C['uploadEstimate']>('bms/upload', [file], { field: 'File', folder: firm, query: { adas: String(adas) } }),
  scrub: (adas: number, adasInspection: number) => bff<C['scrub']>('GET', 'bms/scrub', { query: { adas, adasInspection } }),
  lastScrub: (adasInspection: number, signal?: AbortSignal) =>
    bff<C['lastScrub']>('GET', 'bms/lastScrub', { query: { adasInspection }, signal }),
  decideCheck: (body: BodyOf<C['decideCheck']>) => bff<C['decideCheck']>('POST', 'bms/decideCheck', { body }),
  estimate: (adas: number, signal?: AbortSignal) => bff<C['getEstimate']>('GET', 'bms/estimate', { query: { adas }, signal }),
  readEstimate: (adas: number, text: string) => bff<C['readEstimate']>('POST', 'bms/readEstimate', { body: { adas, text } }),
  saveEstimate: (adas: number, text: string) => bff<C['saveEstimate']>('POST', 'bms/saveEstimate', { body: { adas, text } }),
  quote: (body: BodyOf<C['quote']>) => bff<C['quote']>('POST', 'adas/quote', { body }),
  request: (adasInspection: number) => bff<C['request']>('GET', 'adas/request', { query: { adasInspection } }),
  create: (body: BodyOf<A['createCalibrate']>) => bff<A['createCalibrate']>('POST', 'adas/createCalibrate', { body }),
  setStatus: (body: BodyOf<C['saveRequestStatus']>) => bff<C['saveRequestStatus']>('POST', 'adas/saveRequestStatus', { body }),
  remove: (calibrateRequest: number) => bff<C['deleteRequest']>('GET', 'adas/deleteRequest', { query: { calibrateRequest } }),
  notes: (calibrateRequest: number, readBy: number) =>
    bff<C['requestNotes']>('GET', 'adas/requestNotes', { query: { calibrateRequest, readBy } }),
  saveNote: (body: BodyOf<C['saveRequestNote']>) => bff<C['saveRequestNote']>('POST', 'adas/saveRequestNote', { body }),
  deleteNote: (calibrateRequestNote: number) =>
    bff<C['deleteRequestNote']>('GET', 'adas/deleteRequestNote', { query: { calibrateRequestNote } }),
  send: (adasInspection: number, to: string, language: ReportLanguage) =>
    bff<C['sendCalibrationReport']>('GET', 'report/sendCalibration', { query: { adasInspection, to: to || undefined, language } }),
  previewCcc: (adasInspection: number) => bff<C['previewCCC']>('GET', 'adas/cccPreview', { query: { adasInspection } }),
  /** Sends what the preview with `digest` showed (409 when the lines changed since). */
  pushToCcc: (adasInspection: number, digest: string) =>
    bff<C['pushToCCC']>('GET', 'adas/pushToCCC', { query: { adasInspection, digest } }),
};

/** The report PDF's address (a file GET through the BFF, which the browser downloads). */
export const reportHref = (adasInspection: number, language: string) =>
  `${BFF_PREFIX}report/calibration?${new URLSearchParams({ adasInspection: String(adasInspection), language })}`;
