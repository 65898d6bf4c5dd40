'use client';
/**
 * The section screens of /admin, each its own chunk: the page shows one section at a time, so the browser
 * loads only that one's code (rendered on the server all the same). Imported from the server panels.
 */
import dynamic from 'next/dynamic';

export const LookupsScreen = dynamic(() => import('../lookups/lookups-screen').then((m) => m.LookupsScreen));
export const InsuranceScreen = dynamic(() => import('../insurance/insurance-screen').then((m) => m.InsuranceScreen));
export const BlogScreen = dynamic(() => import('../blog/blog-screen').then((m) => m.BlogScreen));
export const LogScreen = dynamic(() => import('../log/log-screen').then((m) => m.LogScreen));
export const EmailsScreen = dynamic(() => import('../mail/emails-screen').then((m) => m.EmailsScreen));
