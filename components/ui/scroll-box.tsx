'use client';
/**
 * The box a wide table scrolls sideways in (SimpleTable, the data-table), so that a phone never scrolls
 * the page:
 * - `relative`: the box is the containing block of what is positioned inside it (a visually hidden label,
 *   `sr-only`, is absolute). Without it such an element is placed against the page, outside the box's
 *   clipping, and widens the document (issue 31: the scrub page was 473 px wide at 360 px because of the
 *   hidden "Price of …" labels of the estimate's price cells).
 * - While its content is wider than the box, the box is a named group in the Tab order (WCAG 2.1.1, axe
 *   `scrollable-region-focusable`), so a keyboard user can scroll it with the arrow keys; a table that fits
 *   adds no Tab stop. A box that scrolls up and down (the one dialog's body) becomes one only when nothing
 *   inside it can take the focus (a read-only list such as the History panel): with a field or a button
 *   inside, the keyboard already reaches and scrolls it, and the Tab order stays as it was.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Whether a keyboard user needs the box itself as a Tab stop to scroll it. */
function needsTabStop(box: HTMLElement): boolean {
  const style = getComputedStyle(box);
  if (box.scrollWidth > box.clientWidth + 1 && style.overflowX !== 'visible') return true;
  const scrollsDown = box.scrollHeight > box.clientHeight + 1 && (style.overflowY === 'auto' || style.overflowY === 'scroll');
  return scrollsDown && !box.querySelector(FOCUSABLE);
}

export function ScrollBox({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(needsTabStop(box));
    const sizes = new ResizeObserver(measure);
    const observeChildren = () => {
      for (const child of Array.from(box.children)) sizes.observe(child);
    };
    // Content that arrives later (rows loaded, a panel opened) changes what scrolls and what takes the focus.
    const content = new MutationObserver(() => {
      observeChildren();
      measure();
    });
    sizes.observe(box);
    observeChildren();
    content.observe(box, { childList: true, subtree: true });
    measure();
    return () => {
      sizes.disconnect();
      content.disconnect();
    };
  }, []);
  return (
    <div ref={ref} role="group" aria-label={label} tabIndex={scrolls ? 0 : undefined} className={`relative ${className}`}>
      {children}
    </div>
  );
}
