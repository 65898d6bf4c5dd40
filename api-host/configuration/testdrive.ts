/**
 * Test-drive recommendations (testdrive/*) and test-drive result types (lookup/testdriveResultType,
 * lookup/saveTestdriveResultType): records of a firm (the platform firm 1 holds the network's). A firm the
 * caller cannot reach answers 404, as an unknown record does.
 */
import { contract } from '../../lib/contract';
import type { TestDriveRecommendation } from '../../lib/contract/testdrive';
import type { TestdriveResultTypeRow } from '../../lib/contract/lookups';
import { driveTypeName } from '../../lib/configuration/constants';
import type { Db } from '../core/db';
import { prepared, preparedValue } from '../core/sql';
import { type Caller, assertFirm } from '../core/caller';
import { notFound } from '../core/errors';
import { implement } from '../core/implement';
import { bool, flag, type Flagged, pageOf, searchCondition, type SqlValue } from './common';
import { saveConfigurationRow, withConfigurationHistory } from './history';

const t = contract.testdrive;

/** A recommendation as RECOMMENDATION_SELECT yields it: the contract's names, without the drive type's name. */
type RecommendationDb = Omit<TestDriveRecommendation, 'driveTypeName'>;
const toRecommendation = (r: RecommendationDb): TestDriveRecommendation => ({ ...r, driveTypeName: driveTypeName(r.driveType) });
const RECOMMENDATION_SELECT = `x.firm, f.name AS firmName, x.testdrive_recommendation AS testDriveRecommendation, x.recommendation,
  x.drive_type AS driveType, x.vehicle_make AS vehicleMake, x.recommendation_text AS recommendationText`;
const RECOMMENDATION_FROM = 'testdrive_recommendation x JOIN firm f ON f.firm = x.firm';

/** The recommendation if the caller may see it (its firm); otherwise 404, as for an unknown one. */
function visibleRecommendation(db: Db, caller: Caller, id: number): RecommendationDb {
  const r = prepared<RecommendationDb>(
    db,
    `SELECT ${RECOMMENDATION_SELECT} FROM ${RECOMMENDATION_FROM} WHERE x.testdrive_recommendation = ?`,
  ).get(id);
  if (!r || !caller.firms.has(r.firm)) throw notFound('Test-drive recommendation');
  return r;
}

/** A result type as RESULT_TYPE_SELECT yields it: the contract's names, its flag as stored, without the drive type's name. */
type ResultTypeDb = Flagged<Omit<TestdriveResultTypeRow, 'driveTypeName'>, 'isInactive'>;
const toResultType = ({ isInactive, ...r }: ResultTypeDb): TestdriveResultTypeRow => ({
  ...r,
  isInactive: bool(isInactive),
  driveTypeName: driveTypeName(r.driveType),
});
const RESULT_TYPE_SELECT = `x.testdrive_result_type AS testdriveResultType, x.firm, x.is_inactive AS isInactive, x.sort, x.year,
  x.vehicle_make AS vehicleMake, x.drive_type AS driveType, x.name AS testdriveResultTypeName, x.code AS testdriveResultCode`;

export const testDriveCalls = [
  implement(t.testdriveRecommendations, ({ query, caller, ctx }) => {
    assertFirm(caller, query.firm, 'Firm');
    const where = ['x.firm = ?'];
    const params: SqlValue[] = [query.firm];
    const s = searchCondition(query.searchTerm, ['x.recommendation', 'x.vehicle_make', 'x.recommendation_text']);
    if (s) {
      where.push(s.sql);
      params.push(...s.params);
    }
    const order = {
      recommendation: ['x.recommendation', 'x.testdrive_recommendation'],
      make: ['x.vehicle_make', 'x.recommendation'],
      driveType: ['x.drive_type', 'x.recommendation'],
    }[query.orderBy];
    return pageOf(ctx.db, { select: RECOMMENDATION_SELECT, from: RECOMMENDATION_FROM, where, params, order, query, map: toRecommendation });
  }),
  implement(t.testdriveRecommendation, ({ query, caller, ctx }) =>
    toRecommendation(visibleRecommendation(ctx.db, caller, query.testDriveRecommendation)),
  ),
  implement(t.saveTestDriveRecommendation, ({ body, caller, ctx }) => {
    assertFirm(caller, body.firm, 'Firm');
    const { db } = ctx;
    if (body.testDriveRecommendation > 0) visibleRecommendation(db, caller, body.testDriveRecommendation);
    const id = saveConfigurationRow(
      db,
      caller.user,
      'testdriveRecommendation',
      {
        table: 'testdrive_recommendation',
        key: 'testdrive_recommendation',
        id: body.testDriveRecommendation,
        what: 'Test-drive recommendation',
      },
      {
        firm: body.firm,
        recommendation: body.recommendation,
        drive_type: body.driveType,
        vehicle_make: body.vehicleMake,
        recommendation_text: body.recommendationText,
      },
    );
    return { id };
  }),
  implement(t.deleteTestdriveRecommendation, ({ query, caller, ctx }) => {
    visibleRecommendation(ctx.db, caller, query.testDriveRecommendation);
    withConfigurationHistory(ctx.db, caller.user, 'testdriveRecommendation', query.testDriveRecommendation, () =>
      prepared(ctx.db, 'DELETE FROM testdrive_recommendation WHERE testdrive_recommendation = ?').run(query.testDriveRecommendation),
    );
    return { success: true as const };
  }),

  implement(contract.lookups.testdriveResultType, ({ query, caller, ctx }) => {
    assertFirm(caller, query.firm, 'Firm');
    const where = ['x.firm = ?'];
    const params: SqlValue[] = [query.firm];
    if (query.testdriveResultType !== undefined) {
      where.push('x.testdrive_result_type = ?');
      params.push(query.testdriveResultType);
    }
    if (!query.showInactive) where.push('x.is_inactive = 0');
    const s = searchCondition(query.searchTerm, ['x.name', 'x.code', 'x.vehicle_make']);
    if (s) {
      where.push(s.sql);
      params.push(...s.params);
    }
    const order = { sort: ['x.sort', 'x.name'], name: ['x.name', 'x.testdrive_result_type'], code: ['x.code', 'x.testdrive_result_type'] }[
      query.orderBy
    ];
    return pageOf(ctx.db, { select: RESULT_TYPE_SELECT, from: 'testdrive_result_type x', where, params, order, query, map: toResultType });
  }),
  implement(contract.lookups.saveTestdriveResultType, ({ body, caller, ctx }) => {
    assertFirm(caller, body.firm, 'Firm');
    const { db } = ctx;
    if (body.testdriveResultType > 0) {
      const firm = preparedValue<number>(db, 'SELECT firm FROM testdrive_result_type WHERE testdrive_result_type = ?').get(
        body.testdriveResultType,
      );
      if (firm === undefined || !caller.firms.has(firm)) throw notFound('Result type');
    }
    const id = saveConfigurationRow(
      db,
      caller.user,
      'testdriveResultType',
      { table: 'testdrive_result_type', key: 'testdrive_result_type', id: body.testdriveResultType, what: 'Result type' },
      {
        firm: body.firm,
        is_inactive: flag(body.isInactive),
        sort: body.sort,
        year: body.year,
        vehicle_make: body.vehicleMake,
        drive_type: body.driveType,
        name: body.testdriveResultTypeName,
        code: body.testdriveResultCode,
      },
    );
    return { id };
  }),
];
