'use client';
/** The record editor dialog, loaded when a record is first opened: dialogs stay out of the lists' first-load JS. */
import dynamic from 'next/dynamic';

export const EditorDialog = dynamic(() => import('./editor').then((m) => m.EditorDialog), { ssr: false });
