'use client';
/**
 * The views of /dashboard, each loaded on its own: a client-side dynamic import is a chunk of its own, so a
 * view does not carry the others' code (the numbers view, the first paint, does not load the ADAS records
 * list, nor the other way round). Both are rendered on the server as before and their chunk is preloaded
 * with the page that shows them, so nothing flashes.
 */
import dynamic from 'next/dynamic';

export const NumbersView = dynamic(() => import('./dashboard-screen').then((m) => m.DashboardScreen));
export const RecordsView = dynamic(() => import('./records-screen').then((m) => m.RecordsScreen));
