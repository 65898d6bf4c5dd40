/** What the ADAS forms share: choices of a select. (A failed save's field errors: the one form hook.) */
export interface Choice {
  value: number;
  label: string;
}
