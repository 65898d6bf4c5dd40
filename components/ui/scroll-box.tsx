'use client';
/**
 * The box a wide table scrolls sideways in (SimpleTable, the data-table), so that a phone never scrolls
 * the page (docs/shell.md#screens):
 * - `relative`: the box is the containing block of what is positioned inside it (a visually hidden label,
 *   `sr-only`, is absolute). Without it such an element is placed against the page, outside the box's
 *   clipping, and widens the document (the scrub page was once 473 px wide at 360 px because of the
 *   hidden "Price of …" labels of the estimate's price cells).
 * - While its content is wider or taller than the box, the box is a named group in the Tab order (WCAG 2.1.1, axe
 *   `scrollable-region-focusable`), so a keyboard user can scroll it with the arrow keys; a table that fits
 *   adds no Tab stop.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function ScrollBox({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    // Either way: a box of bounded height (a long list of lines) scrolls down as a wide table scrolls across.
    const measure = () => {
      const style = getComputedStyle(box);
      setScrolls(
        (box.scrollWidth > box.clientWidth + 1 && style.overflowX !== 'visible') ||
          (box.scrollHeight > box.clientHeight + 1 && style.overflowY !== 'visible'),
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} role="group" aria-label={label} tabIndex={scrolls ? 0 : undefined} className={`relative ${className}`}>
      {children}
    </div>
  );
}
