'use client';
/**
 * Where a dashboard chart is drawn: recharts loads in the browser on first render of a chart (its own
 * chunk, not in the route's first-load JS) and fills the box its server parent sized, so the placeholder
 * has the chart's exact size.
 */
import dynamic from 'next/dynamic';

export const ChartFrame = dynamic(() => import('./chart-drawing').then((m) => m.ChartDrawing), {
  ssr: false,
  loading: () => <div className="h-full w-full animate-pulse rounded-sm bg-slate-50" />,
});
