'use client';
/**
 * The ADAS records view loaded on its own: a client-side dynamic import is a chunk of its own, so the numbers
 * view (the dashboard's first paint) does not carry it. Rendered on the server as before; its chunk is
 * preloaded with the page that shows it, so there is no flash.
 */
import dynamic from 'next/dynamic';

export const RecordsView = dynamic(() => import('./records-screen').then((m) => m.RecordsScreen));
