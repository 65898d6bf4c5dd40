/** The make-matrix-links import: accepted at once, imported in the background, announced by push. */
import type { Area } from '../areas';
import { makeMatrixLinkCalls } from './calls';
import { MAKE_MATRIX_LINKS_SCHEMA } from './schema';

export const makeMatrixLinks: Area = { name: 'make-matrix-links', migrations: [MAKE_MATRIX_LINKS_SCHEMA], calls: makeMatrixLinkCalls };
