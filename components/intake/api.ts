/**
 * Intake's calls from client components, through the BFF (lib/bff/client.ts), typed by the contract (type
 * imports only: no zod reaches the browser).
 */
import { bff, bffUpload } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { JobField } from '@/lib/contract/intake';

type I = typeof contract.intake;

export const intakeApi = {
  read: (adas: number, adasInspection: number | undefined, files: readonly File[], firm: number) =>
    bffUpload<I['read']>('intake/read', files, {
      field: 'File',
      folder: firm,
      query: { adas: String(adas), ...(adasInspection != null && { adasInspection: String(adasInspection) }) },
    }),
  readText: (adas: number, adasInspection: number | undefined, text: string) =>
    bff<I['readText']>('POST', 'intake/readText', { body: { adas, adasInspection, text } }),
  status: (read: string, signal?: AbortSignal) => bff<I['status']>('GET', 'intake/status', { query: { read }, signal }),
  confirm: (read: string, apply: JobField[]) => bff<I['confirm']>('POST', 'intake/confirm', { body: { read, apply } }),
};
