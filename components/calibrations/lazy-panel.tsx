'use client';
/** The calibration panel, loaded after the inspection itself: its code stays out of the page's first load. */
import dynamic from 'next/dynamic';
import { LazyPartBoundary } from '@/components/ui/lazy-part-boundary';
import type { CalibrationPanelProps } from './calibration-panel';

const Panel = dynamic(() => import('./calibration-panel').then((m) => m.CalibrationPanel), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-600">Loading calibrations…</p>,
});

export function LazyCalibrationPanel(props: CalibrationPanelProps) {
  return (
    <LazyPartBoundary name="The calibration panel">
      <Panel {...props} />
    </LazyPartBoundary>
  );
}
