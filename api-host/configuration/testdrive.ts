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
import { withConfigurationHistory } from './history';

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
    const values = [body.firm, body.recommendation, body.driveType, body.vehicleMake, body.recommendationText];
    if (body.testDriveRecommendation > 0) visibleRecommendation(db, caller, body.testDriveRecommendation);
    const id = withConfigurationHistory(
      db,
      caller.user,
      'testdriveRecommendation',
      body.testDriveRecommendation,
      () => {
        if (body.testDriveRecommendation > 0) {
          prepared(
            db,
            'UPDATE testdrive_recommendation SET firm = ?, recommendation = ?, drive_type = ?, vehicle_make = ?, recommendation_text = ? WHERE testdrive_recommendation = ?',
          ).run(...values, body.testDriveRecommendation);
          return body.testDriveRecommendation;
        }
        return Number(
          prepared(
            db,
            'INSERT INTO testdrive_recommendation (firm, recommendation, drive_type, vehicle_make, recommendation_text) VALUES (?, ?, ?, ?, ?)',
          ).run(...values).lastInsertRowid,
        );
      },
      (saved) => saved,
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

  implement(contract.lookup.testdriveResultType, ({ query, caller, ctx }) => {
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
  implement(contract.lookup.saveTestdriveResultType, ({ body, caller, ctx }) => {
    assertFirm(caller, body.firm, 'Firm');
    const { db } = ctx;
    const values = [
      body.firm,
      flag(body.isInactive),
      body.sort,
      body.year,
      body.vehicleMake,
      body.driveType,
      body.testdriveResultTypeName,
      body.testdriveResultCode,
    ];
    if (body.testdriveResultType > 0) {
      const firm = preparedValue<number>(db, 'SELECT firm FROM testdrive_result_type WHERE testdrive_result_type = ?').get(
        body.testdriveResultType,
      );
      if (firm === undefined || !caller.firms.has(firm)) throw notFound('Result type');
    }
    const id = withConfigurationHistory(
      db,
      caller.user,
      'testdriveResultType',
      body.testdriveResultType,
      () => {
        if (body.testdriveResultType > 0) {
          prepared(
            db,
            'UPDATE testdrive_result_type SET firm = ?, is_inactive = ?, sort = ?, year = ?, vehicle_make = ?, drive_type = ?, name = ?, code = ? WHERE testdrive_result_type = ?',
          ).run(...values, body.testdriveResultType);
          return body.testdriveResultType;
        }
        return Number(
          prepared(
            db,
            'INSERT INTO testdrive_result_type (firm, is_inactive, sort, year, vehicle_make, drive_type, name, code) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          ).run(...values).lastInsertRowid,
        );
      },
      (saved) => saved,
    );
    return { id };
  }),
];
