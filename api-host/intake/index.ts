/**
 * Intake: a shop's estimate file (PDF printout, text or scanned; CIECA EMS; BMS XML; CSV) or pasted lines
 * read into lines off the host's thread, previewed beside the scrub's reading, and stored on confirmation
 * (docs/intake.md). Its tables are the calibrations area's (adas_estimate, adas_repair_line).
 */
import type { Area } from '../core/area';
import { intakeCalls } from './calls';

export const intake: Area = { name: 'intake', migrations: [], calls: intakeCalls };
