/** Evidence (photos and scan-tool files) on inspections' systems (docs/adas.md#evidence). */
import type { Area } from '../core/area';
import { evidenceCalls } from './calls';
import { EVIDENCE_CLIENT_KEY, EVIDENCE_SCHEMA } from './schema';

export const evidence: Area = { name: 'evidence', migrations: [EVIDENCE_SCHEMA, EVIDENCE_CLIENT_KEY], calls: evidenceCalls };
