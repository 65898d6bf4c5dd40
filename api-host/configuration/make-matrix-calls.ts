/**
 * The make-matrix calls (admin/getAdasMakeMatrices … moveAdasMakeMatrix, the model variability calls of
 * adas/, lookup/keywords and the keywords-and-triggers export). Queries and writes: make-matrices.ts.
 */
import Papa from 'papaparse';
import { contract } from '../../lib/contract';
import { CSV_OPTIONS } from '../../lib/csv';
import { CALIBRATION_MODE_LABELS, CCC_KEYWORD_KINDS } from '../../lib/configuration/constants';
import { firmScope, prepared, preparedValue } from '../core/sql';
import { implement } from '../core/implement';
import { assertKnowledgeBase, assertSystem, type SqlValue } from './common';
import { keywordsInUse } from './keywords';
import {
  ROW_JOINS,
  ROW_SELECT,
  deleteMakeMatrix,
  listMakeMatrices,
  moveMakeMatrix,
  readMakeMatrix,
  readModels,
  saveMakeMatrix,
  saveModels,
  saveNames,
  toRow,
} from './make-matrices';
import { withConfigurationHistory } from './history';

const a = contract.admin;

/** The makes in use, by an index skip-scan (one seek per make, however many rows each has). */
const MAKES_SQL = `
  WITH RECURSIVE makes(make) AS (
    SELECT min(vehicle_make) FROM adas_make_matrix
    UNION ALL SELECT (SELECT min(vehicle_make) FROM adas_make_matrix WHERE vehicle_make > makes.make) FROM makes WHERE make IS NOT NULL
  ) SELECT make FROM makes WHERE make IS NOT NULL`;

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
export const today = () => new Date().toISOString().slice(0, 10);

export const makeMatrixCalls = [
  implement(a.getAdasMakeMatrices, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    return listMakeMatrices(ctx.db, query);
  }),
  implement(a.getAdasMakeMatrix, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    return readMakeMatrix(ctx.db, query.id);
  }),
  implement(a.saveAdasMakeMatrix, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const id = body.adasChecklistMatrixVehicle;
    return {
      id: withConfigurationHistory(
        ctx.db,
        caller.user,
        'makeMatrix',
        id,
        () => saveMakeMatrix(ctx.db, body),
        (saved) => saved,
      ),
    };
  }),
  implement(a.deleteAdasMakeMatrix, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    withConfigurationHistory(ctx.db, caller.user, 'makeMatrix', query.id, () => deleteMakeMatrix(ctx.db, query.id));
    return { success: true as const };
  }),
  implement(a.saveAdasMakeMatrixLookups, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    assertSystem(ctx.db, body.adasChecklistMatrix);
    withConfigurationHistory(ctx.db, caller.user, 'makeMatrix', body.adasChecklistMatrixVehicle, () =>
      saveNames(ctx.db, body.adasChecklistMatrixVehicle, body.adasChecklistMatrix, {
        system: body.systems,
        location: body.locations,
        static: body.static,
        dynamic: body.dynamic,
      }),
    );
    return { success: true as const };
  }),
  implement(a.moveAdasMakeMatrix, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    return { id: query.id, sort: moveMakeMatrix(ctx.db, query.id, query.to) };
  }),
  implement(a.getAdasMakeMatrixCategories, ({ caller, ctx }) => {
    assertKnowledgeBase(caller);
    const { db } = ctx;
    return {
      systems: prepared<{
        adas_checklist_matrix: number;
        matrix_item: string;
        is_inactive: number;
      }>(db, 'SELECT adas_checklist_matrix, matrix_item, is_inactive FROM adas_checklist_matrix ORDER BY sort, matrix_item')
        .all()
        .map((s) => ({ adasChecklistMatrix: s.adas_checklist_matrix, matrixItem: s.matrix_item, isInactive: s.is_inactive === 1 })),
      systemTypes: prepared<{
        id: number;
        name: string;
      }>(db, 'SELECT system_type AS id, name FROM adas_system_type ORDER BY sort').all(),
      locationTypes: prepared<{
        id: number;
        name: string;
      }>(db, 'SELECT location_type AS id, name FROM adas_location_type ORDER BY sort').all(),
      calibrationTypes: prepared<{
        calibrationType: number;
        name: string;
        systemType: number;
        mode: 'static';
      }>(
        db,
        'SELECT calibration_type AS calibrationType, name, system_type AS systemType, mode FROM adas_calibration_type ORDER BY system_type, name',
      ).all(),
      makes: preparedValue<string>(db, MAKES_SQL).all(),
      firms: prepared<{
        firm: number;
        name: string;
      }>(db, `SELECT f.firm, f.name FROM firm f WHERE 1${firmScope(db, caller.firms, 'f')} ORDER BY f.firm`).all(),
    };
  }),
  implement(contract.adas.vehicleChecklistMatrixVehicleModel, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    readMakeMatrix(ctx.db, query.adasChecklistMatrixVehicle); // 404 for an unknown one
    return readModels(ctx.db, query.adasChecklistMatrixVehicle).map((m) => ({ ...m, isAdd: false, isDelete: false }));
  }),
  implement(contract.adas.saveVehicleChecklistMatrixVehicleModel, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    return withConfigurationHistory(ctx.db, caller.user, 'makeMatrix', body.adasChecklistMatrixVehicle, () =>
      saveModels(ctx.db, body.adasChecklistMatrixVehicle, body.models),
    ).map((m) => ({ ...m, isAdd: false, isDelete: false }));
  }),
  implement(contract.lookups.keywords, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    return keywordsInUse(ctx.db, query.types.length ? query.types : CCC_KEYWORD_KINDS, query.vehicleMake);
  }),
  implement(a.checklistMatrixVehicleKeywordsTriggersExport, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const where: string[] = [];
    const params: SqlValue[] = [];
    if (query.vehicleMake) {
      where.push('m.vehicle_make = ?');
      params.push(query.vehicleMake);
    }
    if (query.adasChecklistMatrix) {
      where.push('m.adas_checklist_matrix = ?');
      params.push(query.adasChecklistMatrix);
    }
    const rows = prepared<Parameters<typeof toRow>[0]>(
      ctx.db,
      `SELECT ${ROW_SELECT} FROM adas_make_matrix m ${ROW_JOINS} WHERE ${where.join(' AND ') || '1'} ORDER BY m.vehicle_make, m.sort, m.make_matrix`,
    )
      .all(...params)
      .map(toRow);
    const csv = Papa.unparse(
      {
        fields: [
          'Make',
          'Models',
          'Year start',
          'Year end',
          'System',
          'OEM system',
          'Location',
          'System type',
          'Location type',
          'Calibration',
          'Mode',
          'RR',
          'RI',
          'Trigger notice',
          'CCC line keywords',
          'CCC location keywords',
          'CCC sublet keywords',
          'Source',
          'URL',
          'Inactive',
        ],
        data: rows.map((r) => [
          r.vehicleMake,
          r.vehicleModel || 'All models',
          r.yearStart,
          r.yearEnd,
          r.matrixItem,
          r.system,
          r.location,
          r.systemTypeName,
          r.locationTypeName,
          r.calibrationTypeName,
          r.calibrationMode ? CALIBRATION_MODE_LABELS[r.calibrationMode] : '',
          yesNo(r.isRR),
          yesNo(r.isRI),
          r.triggerNotice ? r.triggerNoticeText : '',
          r.cccLineKeywords,
          r.cccLocationKeywords,
          r.cccSubletKeywords,
          r.source,
          r.url,
          yesNo(r.isInactive),
        ]),
      },
      CSV_OPTIONS,
    );
    return { fileName: `make-matrix-keywords-triggers-${today()}.csv`, csv, rows: rows.length };
  }),
];
