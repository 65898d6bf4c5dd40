/** Every call the reference host implements. Later issues add their modules here. */
import type { Implementation } from '../server';
import { authCalls } from './auth';
import { firmCalls } from './firm';
import { logCalls } from './log';
import { userCalls } from './user';

export const IMPLEMENTATIONS: readonly Implementation[] = [...authCalls, ...userCalls, ...firmCalls, ...logCalls];
