/**
 * The files calls client components make, through the BFF (lib/bff/client.ts). Typed by the contract
 * (type imports only: no zod reaches the browser).
 */
import { bffUpload } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import { FILE_FIELD } from '@/lib/files';

type F = typeof contract.files;

export const fileApi = {
  /** Stores images in the firm's folder (each named `{firm}/{file name}`); answers their URLs. */
  upload: (firm: number, files: readonly File[]) => bffUpload<F['upload']>('file/upload', files, { field: FILE_FIELD, folder: firm }),
};
