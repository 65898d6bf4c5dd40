'use client';
/**
 * A wizard moves the focus to the heading of the step it shows (not on the first one: the page opened
 * there): the button that changed the step is gone or out of place, and without this the focus falls to
 * the page's start and a screen reader hears nothing of the new step. The heading needs tabIndex={-1}.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useStepFocus<T extends HTMLElement>(step: unknown): RefObject<T | null> {
  const heading = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return heading;
}
