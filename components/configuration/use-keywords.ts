'use client';
/** The keywords a make's matrices use (admin/getMakeExceptionLookups), as choices for keyword chips. */
import { useEffect, useState } from 'react';
import { call } from './lazy';

export function useMakeKeywords(make: string, system: number | null): string[] {
  const [keywords, setKeywords] = useState<string[]>([]);
  const trimmed = make.trim();
  useEffect(() => {
    if (!trimmed) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      call('makeExceptionLookups', trimmed, system, ctrl.signal)
        .then((r) => setKeywords(r.keywords))
        .catch(() => undefined); // choices only: typing still works
    }, 300);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [trimmed, system]);
  return trimmed ? keywords : [];
}
