'use client';
/**
 * The sections' client components, each loaded with its own section only: the server page renders one
 * section, and the browser fetches that section's code (not the other twelve).
 */
import dynamic from 'next/dynamic';

export const MakesSection = dynamic(() => import('./sections/makes').then((m) => m.MakesSection));
export const SystemsSection = dynamic(() => import('./sections/systems').then((m) => m.SystemsSection));
export const ExceptionsSection = dynamic(() => import('./sections/exceptions').then((m) => m.ExceptionsSection));
export const ExclusionsSection = dynamic(() => import('./sections/exclusions').then((m) => m.ExclusionsSection));
export const InfoSection = dynamic(() => import('./sections/info').then((m) => m.InfoSection));
export const NoScrubSection = dynamic(() => import('./sections/no-scrub').then((m) => m.NoScrubSection));
export const LinksSection = dynamic(() => import('./sections/links').then((m) => m.LinksSection));
export const PricingSection = dynamic(() => import('./sections/pricing').then((m) => m.PricingSection));
export const TestDrivesSection = dynamic(() => import('./sections/test-drives').then((m) => m.TestDrivesSection));
export const ResultTypesSection = dynamic(() => import('./sections/result-types').then((m) => m.ResultTypesSection));
export const TranslationsSection = dynamic(() => import('./sections/translations').then((m) => m.TranslationsSection));
export const ReportsSection = dynamic(() => import('./sections/reports').then((m) => m.ReportsSection));
export const ScanProSection = dynamic(() => import('./sections/scanpro').then((m) => m.ScanProSection));
export const EstimateTermsSection = dynamic(() => import('./sections/estimate-terms').then((m) => m.EstimateTermsSection));
