/**
 * The insurers a job may name (adas/insurers?firm) as choices of the insurer field, for the pages' server
 * rendering and the field's reload when the job's location changes alike: by name; a name two firms share
 * carries the firm's name so the two can be told apart.
 */
import type { ResponseOf } from '@/lib/contract/define';
import type { contract } from '@/lib/contract';
import type { Choice } from './errors';

export type InsurerList = ResponseOf<typeof contract.adas.insurers>;

export function insurerChoicesOf(list: InsurerList): Choice[] {
  const key = (name: string) => name.toLowerCase();
  const count = new Map<string, number>();
  for (const i of list) count.set(key(i.insuranceName), (count.get(key(i.insuranceName)) ?? 0) + 1);
  return list.map((i) => ({
    value: i.insurance,
    label: (count.get(key(i.insuranceName)) ?? 0) > 1 ? `${i.insuranceName} (${i.firmName})` : i.insuranceName,
  }));
}
