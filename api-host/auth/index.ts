/** The auth host: token login, SSO temp tokens, password-reset requests. */
import type { Area } from '../core/area';
import { authCalls } from './calls';
import { AUTH_SCHEMA, RESET_TOKEN_SCHEMA } from './schema';

export const auth: Area = { name: 'auth', migrations: [AUTH_SCHEMA, RESET_TOKEN_SCHEMA], calls: authCalls };
