'use client';
/**
 * Calibrations on the inspection screen (docs/calibrations.md#screens): the estimate and quote, the request
 * with its notes and its calibration provider (docs/dispatch.md), and the report with the push to CCC. The
 * request is read again after a change. A provider's users (`side` provider) read the scrub, the request and
 * its notes and download the report; the shop's own business (the estimate entry, the quote, the request's
 * status, sending the report, CCC) is left out for them.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { InspectionDispatch } from '@/components/dispatch';
import { mayDecideChecks } from '@/lib/calibrations/rules';
import type { CalibrateRequest, ReportPreference, ScrubResult } from '@/lib/contract/calibrations';
import { calibrationApi } from './api';
import { EstimateSection } from './estimate-section';
import { ReportDownload } from './report-download';
import { ReportSection } from './report-section';
import { RequestSection } from './request-section';

export interface CalibrationPanelProps {
  adas: number;
  adasInspection: number;
  firm: number;
  vehicle: { year: number; make: string; model: string; vin: string };
  request: CalibrateRequest | null;
  preference: ReportPreference;
  user: number;
  role: number | null;
  timezone: number;
  /** The shop's own inspection, or a provider's through its dispatch. */
  side: 'shop' | 'provider';
  /** Tomorrow at the user's zone: the date a provider is first asked for. */
  tomorrow: string;
}

export function CalibrationPanel(p: CalibrationPanelProps) {
  const [request, setRequest] = useState(p.request);
  // The page's render is newer when the inspection's completion changed the request (docs/calibrations.md#states).
  const [given, setGiven] = useState(p.request);
  if (p.request !== given) {
    setGiven(p.request);
    setRequest(p.request);
  }
  const router = useRouter();
  const [language, setLanguage] = useState(p.preference.language);
  const reload = () => void calibrationApi.request(p.adasInspection).then(setRequest);
  const [scrub, setScrub] = useState<ScrubResult | null>(null);
  const checks = { adasInspection: p.adasInspection, canDecide: mayDecideChecks(p.role), timezone: p.timezone };
  const shop = p.side === 'shop';
  return (
    <div className="flex flex-col gap-4">
      <EstimateSection
        adas={p.adas}
        adasInspection={p.adasInspection}
        firm={p.firm}
        vehicle={p.vehicle}
        hasRequest={request != null}
        timezone={p.timezone}
        canDecide={checks.canDecide && shop}
        tomorrow={p.tomorrow}
        readOnly={!shop}
        onRequestCreated={reload}
        onScrubChanged={setScrub}
        decided={scrub}
      />
      {request && (
        <RequestSection
          key={request.calibrateRequest}
          request={request}
          user={p.user}
          role={p.role}
          timezone={p.timezone}
          readOnly={!shop}
          onChanged={reload}
          scrub={scrub}
          checks={{ ...checks, onDecided: setScrub }}
        />
      )}
      {shop && request && (
        <InspectionDispatch
          key={`dispatch-${request.calibrateRequest}`}
          adasInspection={p.adasInspection}
          calibrateRequest={request.calibrateRequest}
          requestStatus={request.statusName}
          role={p.role}
          timezone={p.timezone}
          tomorrow={p.tomorrow}
          onChanged={() => {
            reload();
            router.refresh();
          }}
        />
      )}
      {shop ? (
        <ReportSection adasInspection={p.adasInspection} preference={p.preference} />
      ) : (
        // A provider's user downloads the report; sending it, sharing it and CCC are the shop's.
        <section aria-label="Calibration report" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
          <h2 className="text-lg font-semibold text-slate-900">Calibration report</h2>
          <ReportDownload adasInspection={p.adasInspection} language={language} onLanguage={setLanguage} />
        </section>
      )}
    </div>
  );
}
