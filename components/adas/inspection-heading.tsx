'use client';
/**
 * The inspection's heading: the way back (to its job, or a provider's dispatch queue), its number, type,
 * vehicle, location and status, and its actions: complete or reopen it (not once handed back), its job's
 * history and deleting it (the shop's alone).
 */
import Link from 'next/link';
import { HistoryButton } from '@/components/history';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageHeading } from '@/components/ui/page-heading';
import { INSPECTION_TYPES, nameOf, vehicleLabel } from '@/lib/adas/rules';
import { jobHref } from './hrefs';
import type { InspectionAccess, InspectionScreenProps } from './inspection-setup';
import { StatusBadge } from './status-badge';

export function InspectionHeading({
  screen: { inspection: i, job, dispatched },
  access: { complete, shopOnly, busy },
  onReopen,
  onComplete,
  onDelete,
}: {
  screen: InspectionScreenProps;
  access: InspectionAccess;
  onReopen: () => void;
  onComplete: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Link
        href={shopOnly ? jobHref(i.adas) : '/dispatch'}
        className="inline-flex min-h-6 items-center gap-1 self-start text-sm text-brand-700 hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> {shopOnly ? `ADAS job ${job.ronumber}` : 'Dispatch queue'}
      </Link>
      <PageHeading
        actions={
          <div className="flex flex-wrap gap-2">
            {dispatched?.readOnly ? null : complete ? (
              <Button variant="secondary" disabled={busy} onClick={onReopen}>
                Reopen inspection
              </Button>
            ) : (
              <Button disabled={busy} onClick={onComplete}>
                Complete inspection
              </Button>
            )}
            {shopOnly && <HistoryButton kind="adas" id={i.adas} label={`ADAS job ${job.ronumber}`} />}
            {shopOnly && (
              <Button variant="danger" disabled={busy} onClick={onDelete}>
                Delete
              </Button>
            )}
          </div>
        }
      >
        Inspection #{i.adasInspection}
      </PageHeading>
      <p className="-mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span>
          {nameOf(INSPECTION_TYPES, i.adasInspectionType)} #{i.adasInspection} · {vehicleLabel(job.vehicle)}
          {job.vehicle.vin ? ` · ${job.vehicle.vin}` : ''} · {job.firmName}
          {dispatched &&
            ` · calibrated by your location for ${dispatched.shopName}${dispatched.readOnly ? ' (handed back: read-only)' : ''}`}
        </span>
        <StatusBadge status={i.status} testId="inspection-status" />
      </p>
    </>
  );
}
