/**
 * Test-drive recommendations (docs/configuration.md#fields, #calls "Test drive"): what to tell the technician about the
 * drive after a calibration, per firm, drive type and (optionally) make. Decisions, since the
 * specification shows no shapes:
 * - Records belong to a firm: the platform firm (1) holds the network's recommendations, a firm may add
 *   its own. The caller must reach the firm (a firm it cannot reach answers 404, as an unknown one).
 * - testdriveRecommendations?firm lists one firm's recommendations, paged like every list; vehicleMake ''
 *   means every make; driveType is one of DRIVE_TYPES (lib/configuration/constants.ts).
 * - Saves answer {id}; the delete answers {success: true}. Roles 1 and 2.
 */
import { z } from 'zod';
import { DRIVE_TYPE_IDS } from '../configuration/constants';
import { defineCall, ok, optionalText, q, requiredText, savedId } from './define';
import { recordId } from './config-fields';
import { paged, pagedQuery } from './list';

const base = { access: [1, 2], bff: true } as const;

export const driveType = () =>
  z.union(DRIVE_TYPE_IDS.map((id) => z.literal(id)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>], { error: 'This field is required' });

export const testDriveRecommendation = z.object({
  firm: z.number().int(),
  firmName: z.string(),
  testDriveRecommendation: z.number().int(),
  recommendation: z.string(),
  driveType: z.number().int(),
  driveTypeName: z.string(),
  vehicleMake: z.string(),
  recommendationText: z.string(),
});
export type TestDriveRecommendation = z.infer<typeof testDriveRecommendation>;

export const TEST_DRIVE_SORTS = ['recommendation', 'make', 'driveType'] as const;
export const testdriveRecommendations = defineCall({
  ...base,
  method: 'GET',
  path: 'testdrive/testdriveRecommendations',
  query: pagedQuery(TEST_DRIVE_SORTS, 'recommendation', { firm: q.id() }),
  response: paged(testDriveRecommendation),
});

export const testdriveRecommendation = defineCall({
  ...base,
  method: 'GET',
  path: 'testdrive/testdriveRecommendation',
  query: z.object({ testDriveRecommendation: q.id() }),
  response: testDriveRecommendation,
});

export const saveTestDriveRecommendation = defineCall({
  ...base,
  method: 'POST',
  path: 'testdrive/saveTestDriveRecommendation',
  body: z.object({
    firm: z.number({ error: 'This field is required' }).int().positive('This field is required'),
    testDriveRecommendation: recordId(),
    recommendation: requiredText(200),
    driveType: driveType(),
    vehicleMake: optionalText(60),
    recommendationText: requiredText(4000),
  }),
  response: savedId,
});

export const deleteTestdriveRecommendation = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'testdrive/deleteTestdriveRecommendation',
  query: z.object({ testDriveRecommendation: q.id() }),
  response: ok,
});
