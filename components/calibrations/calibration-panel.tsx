'use client';
/**
 * Calibrations on the inspection screen (issue 14): the estimate and quote, the request with its notes,
 * and the report with the push to CCC. The request is read again after a change.
 */
import { useState } from 'react';
import { mayDecideChecks } from '@/lib/calibrations/rules';
import type { CalibrateRequest, ReportPreference, ScrubResult } from '@/lib/contract/calibrations';
import { calibrationApi } from './api';
import { EstimateSection } from './estimate-section';
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
}

export function CalibrationPanel(p: CalibrationPanelProps) {
  const [request, setRequest] = useState(p.request);
  // The page's render is newer when the inspection's completion changed the request (issue 31 §4).
  const [given, setGiven] = useState(p.request);
  if (p.request !== given) {
    setGiven(p.request);
    setRequest(p.request);
  }
  const reload = () => void calibrationApi.request(p.adasInspection).then(setRequest);
  const [scrub, setScrub] = useState<ScrubResult | null>(null);
  const checks = { adasInspection: p.adasInspection, canDecide: mayDecideChecks(p.role), timezone: p.timezone };
  return (
    <div className="flex flex-col gap-4">
      <EstimateSection
        adas={p.adas}
        adasInspection={p.adasInspection}
        firm={p.firm}
        vehicle={p.vehicle}
        hasRequest={request != null}
        timezone={p.timezone}
        canDecide={checks.canDecide}
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
          onChanged={reload}
          scrub={scrub}
          checks={{ ...checks, onDecided: setScrub }}
        />
      )}
      <ReportSection adasInspection={p.adasInspection} preference={p.preference} />
    </div>
  );
}
