/** Every call the reference host implements. Later issues add their modules here. */
import type { Implementation } from '../server';
import { adasCalls } from './adas';
import { adminCalls } from './admin';
import { authCalls } from './auth';
import { contactCalls } from './contact';
import { firmCalls } from './firm';
import { logCalls } from './log';
import { lookupCalls } from './lookup';
import { userCalls } from './user';

export const IMPLEMENTATIONS: readonly Implementation[] = [...authCalls, ...userCalls, ...firmCalls, ...logCalls, ...contactCalls, ...lookupCalls, ...adminCalls, ...adasCalls];
