/**
 * Administration calls. This issue: the make-matrix-links import. The file is accepted at once and imported
 * in the background; when done, the outcome goes by push to the administrators' connections (roles 1, 2).
 */
import Papa from 'papaparse';
import { contract } from '../../lib/contract';
import { MAKE_MATRIX_LINK_COLUMNS, makeMatrixLinkRow } from '../../lib/contract/admin';
import { PUSH_TARGETS, type ImportNotice } from '../../lib/push/messages';
import { isAdminRole } from '../../lib/roles';
import { implement, type HostContext } from '../server';

/** Rows stored per transaction; the importer yields to the event loop between chunks. */
const CHUNK = 500;
/** Rejected rows whose reasons are kept with the import. */
const KEEP_ERRORS = 50;

const isHeader = (cells: string[]) =>
  cells.length === MAKE_MATRIX_LINK_COLUMNS.length &&
  cells.every((c, i) => c.trim().toLowerCase() === MAKE_MATRIX_LINK_COLUMNS[i].toLowerCase());

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Checks and stores the rows of one links file, then notifies the administrators. */
export async function runMakeMatrixLinkImport(ctx: HostContext, id: number, fileName: string, content: string): Promise<ImportNotice> {
  const { db } = ctx;
  let imported = 0;
  let rejected = 0;
  const errors: { line: number; reason: string }[] = [];
  const reject = (line: number, reason: string) => {
    rejected++;
    if (errors.length < KEEP_ERRORS) errors.push({ line, reason });
  };
  let status: 'done' | 'failed' = 'done';
  try {
    const rows = Papa.parse<string[]>(content.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' }).data;
    const start = rows.length && isHeader(rows[0]) ? 1 : 0;
    const insert = db.prepare(
      'INSERT INTO make_matrix_link (import, make, model, year_start, year_end, title, url) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (let from = start; from < rows.length; from += CHUNK) {
      db.transaction(() => {
        for (let i = from; i < Math.min(rows.length, from + CHUNK); i++) {
          const cells = rows[i];
          const line = i + 1;
          if (cells.length !== MAKE_MATRIX_LINK_COLUMNS.length) {
            reject(line, `Expected ${MAKE_MATRIX_LINK_COLUMNS.length} columns, found ${cells.length}`);
            continue;
          }
          const parsed = makeMatrixLinkRow.safeParse(Object.fromEntries(MAKE_MATRIX_LINK_COLUMNS.map((k, j) => [k, cells[j]])));
          if (!parsed.success) {
            reject(line, parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; '));
            continue;
          }
          const r = parsed.data;
          insert.run(id, r.make, r.model, r.yearStart, r.yearEnd, r.title, r.url);
          imported++;
        }
      })();
      await nextTick();
    }
  } catch (e) {
    status = 'failed';
    console.error(`[api-host] make-matrix-link import ${id} failed:`, e);
  }
  db.prepare(
    "UPDATE make_matrix_link_import SET status = ?, imported = ?, rejected = ?, errors = ?, finished_at = strftime('%Y-%m-%dT%H:%M:%SZ','now') WHERE import = ?",
  ).run(status, imported, rejected, JSON.stringify(errors), id);
  const notice: ImportNotice = { kind: 'makeMatrixLinks', import: id, fileName, imported, rejected };
  ctx.push?.send((owner) => isAdminRole(owner.role), PUSH_TARGETS.importNotice, [notice]);
  return notice;
}

export const makeMatrixLinkCalls = [
  implement(contract.admin.importMakeMatrixLinks, ({ body, caller, ctx }) => {
    const id = Number(
      ctx.db.prepare('INSERT INTO make_matrix_link_import (file_name, user) VALUES (?, ?)').run(body.fileName, caller.user).lastInsertRowid,
    );
    setImmediate(() => void runMakeMatrixLinkImport(ctx, id, body.fileName, body.content));
    return { import: id, status: 'queued' as const };
  }),
];
