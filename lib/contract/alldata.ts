/**
 * OEM procedure links read by the ADAS job screens (issue 13; operations §7 "alldata/getLinksInternal and
 * alldata/getGeneralInfoLinks (query)"). Decisions, since the specification shows no shapes:
 * - both take the job (`adas`) and answer the links of its vehicle from the configuration's links (the
 *   make, its model or every model, its model year or every year): getLinksInternal the ADAS procedures,
 *   getGeneralInfoLinks the general repair information; [{id, title, url, type}];
 * - any ADAS role may read them for a job it sees (another firm's job: 404).
 */
import { z } from 'zod';
import { ALL_ROLES } from '../roles';
import { defineCall, q } from './define';

export const vehicleLink = z.object({ id: z.number().int(), title: z.string(), url: z.string(), type: z.string() });
export type VehicleLink = z.infer<typeof vehicleLink>;

const jobLinks = { access: ALL_ROLES, bff: true, method: 'GET', query: z.object({ adas: q.id() }), response: z.array(vehicleLink) } as const;
export const getLinksInternal = defineCall({ ...jobLinks, path: 'alldata/getLinksInternal' });
export const getGeneralInfoLinks = defineCall({ ...jobLinks, path: 'alldata/getGeneralInfoLinks' });
