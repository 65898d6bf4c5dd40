/** Uploaded files (images: users' photos, firms' brand images), on disk per firm. */
import type { Area } from '../core/area';
import { fileCalls } from './calls';

export const files: Area = { name: 'files', migrations: [], calls: fileCalls };
