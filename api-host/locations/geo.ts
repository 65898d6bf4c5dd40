/**
 * Postal codes to coordinates and great-circle distances, for the providers' radius search. The postal
 * code data is the `zipcodes` package (US ZIP codes and Canadian forward sortation areas, shipped in the
 * package: it works offline).
 */
import zipcodes from 'zipcodes';

export interface Point {
  latitude: number;
  longitude: number;
}

export interface Place extends Point {
  /** The code as the dataset knows it: five digits (US) or the first three characters (Canada). */
  code: string;
  city: string;
  state: string;
  country: 'US' | 'CA';
}

const US = /^(\d{5})(-\d{4})?$/;
const CANADA = /^([A-Za-z]\d[A-Za-z]) ?\d[A-Za-z]\d$/;

/** The place of a US ZIP (12345, 12345-6789) or Canadian postal code (A1A 1A1); null when unknown. */
export function resolvePostalCode(postalCode: string): Place | null {
  const text = postalCode.trim();
  const us = US.exec(text);
  const ca = us ? null : CANADA.exec(text);
  const key = us ? us[1] : ca?.[1]?.toUpperCase();
  if (!key) return null;
  const found = zipcodes.lookup(key);
  if (!found || !Number.isFinite(found.latitude) || !Number.isFinite(found.longitude)) return null;
  return {
    code: key,
    latitude: found.latitude,
    longitude: found.longitude,
    city: found.city,
    state: found.state,
    country: us ? 'US' : 'CA',
  };
}

/** Whether a postal code is of a format this dataset covers (US or Canada): such a code must exist. */
export const isCheckablePostalCode = (postalCode: string) => US.test(postalCode.trim()) || CANADA.test(postalCode.trim());

const EARTH_RADIUS_MILES = 3958.7613;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude/longitude box that holds every point within `miles` of `center` (a prefilter: corners
 * are farther, so the exact distance decides). Near the poles the box spans every longitude.
 */
export function boundingBox(center: Point, miles: number): { minLat: number; maxLat: number; minLon: number; maxLon: number } {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const minLat = Math.max(-90, center.latitude - dLat);
  const maxLat = Math.min(90, center.latitude + dLat);
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  if (widest >= 89.9) return { minLat, maxLat, minLon: -180, maxLon: 180 };
  const dLon = dLat / Math.cos(rad(widest));
  return { minLat, maxLat, minLon: Math.max(-180, center.longitude - dLon), maxLon: Math.min(180, center.longitude + dLon) };
}
