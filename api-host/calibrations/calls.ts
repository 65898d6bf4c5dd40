/**
 * ADAS calls. This issue: creating a calibration request (an "opportunity"); its firm's users are told by
 * push — every user who may access the firm (linked to it or a firm above it), looked up when the request is created.
 */
import { contract } from '../../lib/contract';
import { PUSH_TARGETS, type OpportunityNotice } from '../../lib/push/messages';
import { assertFirm, implement, notFound } from '../server';
import { usersReaching } from '../users/reach';

export const calibrationCalls = [
  implement(contract.adas.createCalibrate, ({ body, caller, ctx }) => {
    assertFirm(caller, body.firm, 'Firm');
    const { db } = ctx;
    const firm = db.prepare('SELECT name FROM firm WHERE firm = ?').get(body.firm) as { name: string } | undefined;
    if (!firm) throw notFound('Firm');
    const id = Number(
      db
        .prepare(
          `INSERT INTO calibrate_request (firm, adas_inspection, vin, year, make, model, reason, reason_source, notes, created_by)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(body.firm, body.adasInspection, body.vin || null, body.year, body.make, body.model, body.reason, body.reasonSource || null, body.notes, caller.user)
        .lastInsertRowid,
    );
    const users = usersReaching(db, body.firm);
    const notice: OpportunityNotice = {
      opportunity: id,
      firm: body.firm,
      firmName: firm.name,
      title: `${body.year} ${body.make} ${body.model}: ${body.reason}`,
    };
    ctx.push?.send((owner) => users.has(owner.user), PUSH_TARGETS.opportunity, [notice]);
    return { id };
  }),
];
