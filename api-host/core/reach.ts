/**
 * The firms a user reaches (their firm scope, server.ts identify): the locations checked on their
 * Locations tab (user_firm) and every firm below those in the network, walked down firm.parent (indexed:
 * firm_parent) by a recursive query. UNION keeps each firm once and ends a walk that meets a firm twice.
 */
import type { Db } from './db';
import { preparedValue } from './sql';

const REACH_SQL = `
  WITH RECURSIVE reach(firm) AS (
    SELECT firm FROM user_firm WHERE user = ?
    UNION
    SELECT f.firm FROM firm f JOIN reach r ON f.parent = r.firm
  )
  SELECT firm FROM reach`;

export function reachOf(db: Db, user: number): Set<number> {
  return new Set(preparedValue<number>(db, REACH_SQL).all(user));
}

const REACHING_SQL = `
  WITH RECURSIVE up(firm) AS (
    SELECT ?
    UNION
    SELECT f.parent FROM firm f JOIN up ON f.firm = up.firm WHERE f.parent IS NOT NULL
  )
  SELECT DISTINCT l.user FROM user_firm l JOIN up ON l.firm = up.firm`;

/** The users who reach a firm: those linked to it or to any firm above it (index user_firm_firm). */
export function usersReaching(db: Db, firm: number): Set<number> {
  return new Set(preparedValue<number>(db, REACHING_SQL).all(firm));
}
