/**
 * SQL of the command palette's search (search/palette): one small query per kind, each scoped to the
 * caller's firms, limited, and answered from an index:
 * - jobs: any part of the RO number or VIN through adas_search (FTS5 trigram) from three characters, else a
 *   prefix of either as a range on adas_by_ronumber / adas_by_vin; newest first;
 * - vehicles: each word any part of the VIN, make or model through vehicle_search ("Accord" and "Honda
 *   Accord" find the Accords: vehicleSearchMatch) from three characters, else the VIN's prefix (a range on
 *   vehicle_by_vin);
 * - contacts: the contacts' own search (every word a prefix of a name, phone or email: contact_fts);
 * - users: every word a prefix of the name (contact_fts) or the username's prefix (its NOCASE index);
 * - locations: the name's prefix, as a range on firm_by_name (NOCASE).
 */
import { roText } from '../../lib/adas/rules';
import { type SearchItem, type SearchKind, SEARCH_KIND_LIMIT } from '../../lib/contract/search';
import { ftsQuery, searchContacts } from '../contacts/service';
import type { Db } from '../core/db';
import { vehicleSearchMatch } from '../vehicles/service';
import { firmScope, ftsPhrase as phrase, likePrefix as prefix, prepared } from '../core/sql';

export interface PaletteSearch {
  db: Db;
  term: string;
  firms: ReadonlySet<number>;
  limit?: number;
}

/** A prefix as the bounds of a range (`col >= ? AND col < ?`): an index on a BINARY column answers it. */
const range = (term: string) => [term, `${term}\u{10FFFF}`];
const vehicleLabel = (r: { year: number; make: string; model: string }) => [r.year || '', r.make, r.model].filter(Boolean).join(' ');

function jobs({ db, term, firms, limit = SEARCH_KIND_LIMIT }: PaletteSearch): SearchItem[] {
  const trigram = term.length >= 3;
  const match = trigram
    ? 'a.adas IN (SELECT rowid FROM adas_search WHERE adas_search MATCH ?)'
    : 'a.adas IN (SELECT adas FROM adas WHERE ronumber >= ? AND ronumber < ? UNION SELECT adas FROM adas WHERE vin >= ? AND vin < ?)';
  const params = trigram ? [phrase(term)] : [...range(term), ...range(term.toUpperCase())];
  const rows = prepared<{ adas: number; ronumber: string; vin: string; vehicle_label: string; firm_name: string }>(
    db,
    `SELECT a.adas, a.ronumber, a.vin, a.vehicle_label, a.firm_name FROM adas a
     WHERE ${match}${firmScope(db, firms, 'a')} ORDER BY a.adas DESC LIMIT ?`,
  ).all(...params, limit);
  return rows.map((r) => ({
    kind: 'job',
    id: r.adas,
    title: r.ronumber ? roText(r.ronumber) : `Job ${r.adas}`,
    detail: [r.vehicle_label, r.vin, r.firm_name].filter(Boolean).join(' · '),
    searchTerm: '',
  }));
}

function vehicles({ db, term, firms, limit = SEARCH_KIND_LIMIT }: PaletteSearch): SearchItem[] {
  const trigram = vehicleSearchMatch(term);
  const match = trigram ? 'v.vehicle IN (SELECT rowid FROM vehicle_search WHERE vehicle_search MATCH ?)' : 'v.vin >= ? AND v.vin < ?';
  const rows = prepared<{
    vehicle: number;
    vin: string;
    year: number;
    make: string;
    model: string;
    firm_name: string;
  }>(
    db,
    `SELECT v.vehicle, v.vin, v.year, v.make, v.model, f.name AS firm_name FROM vehicle v JOIN firm f ON f.firm = v.firm
     WHERE v.vin <> '' AND ${match}${firmScope(db, firms, 'v')} ORDER BY v.vehicle DESC LIMIT ?`,
  ).all(...(trigram ? [trigram] : range(term.toUpperCase())), limit);
  return rows.map((r) => ({
    kind: 'vehicle',
    id: r.vehicle,
    title: r.vin,
    detail: [vehicleLabel(r), r.firm_name].filter(Boolean).join(' · '),
    searchTerm: r.vin,
  }));
}

function contacts({ db, term, firms, limit = SEARCH_KIND_LIMIT }: PaletteSearch): SearchItem[] {
  return searchContacts(db, 'contact', term, { firms, limit }).map((r) => ({
    kind: 'contact',
    id: r.contact,
    title: r.fileAs,
    detail: [r.phoneNo, r.email].filter(Boolean).join(' · '),
    searchTerm: r.fileAs,
  }));
}

function users({ db, term, firms, limit = SEARCH_KIND_LIMIT }: PaletteSearch): SearchItem[] {
  const match = ftsQuery(term, ['name']);
  const rows = prepared<{ user: number; username: string; file_as: string; firm_name: string }>(
    db,
    `SELECT u.user, u.username, c.file_as, f.name AS firm_name FROM user u JOIN contact c ON c.contact = u.contact JOIN firm f ON f.firm = u.firm
     WHERE u.deleted_at IS NULL AND (u.username LIKE ? ESCAPE '\\'${match ? ' OR c.contact IN (SELECT rowid FROM contact_fts WHERE contact_fts MATCH ?)' : ''})
       ${firmScope(db, firms, 'u')}
     ORDER BY c.file_as, u.user LIMIT ?`,
  ).all(prefix(term), ...(match ? [match] : []), limit);
  return rows.map((r) => ({
    kind: 'user',
    id: r.user,
    title: r.file_as || r.username,
    detail: `${r.username} · ${r.firm_name}`,
    searchTerm: r.username,
  }));
}

function locations({ db, term, firms, limit = SEARCH_KIND_LIMIT }: PaletteSearch): SearchItem[] {
  // A prefix as a range: the NOCASE index on the name answers it (LIKE could not use it on a BINARY column).
  const rows = prepared<{ firm: number; name: string; city: string; firm_type: string }>(
    db,
    `SELECT f.firm, f.name, f.city, f.firm_type FROM firm f
     WHERE f.name COLLATE NOCASE >= ? AND f.name COLLATE NOCASE < ?${firmScope(db, firms, 'f')}
     ORDER BY f.name COLLATE NOCASE, f.firm LIMIT ?`,
  ).all(term, `${term}\u{10FFFF}`, limit);
  return rows.map((r) => ({
    kind: 'location',
    id: r.firm,
    title: r.name,
    detail: [r.city, r.firm_type].filter(Boolean).join(' · '),
    searchTerm: r.name,
  }));
}

const BY_KIND: Record<SearchKind, (s: PaletteSearch) => SearchItem[]> = {
  job: jobs,
  vehicle: vehicles,
  contact: contacts,
  user: users,
  location: locations,
};

/** The items of the given kinds, kind by kind (in the order given), each kind at most `limit` items. */
export function paletteSearch(kinds: readonly SearchKind[], search: PaletteSearch): SearchItem[] {
  return kinds.flatMap((kind) => BY_KIND[kind](search));
}
