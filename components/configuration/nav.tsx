/** The sub-navigation of /configuration: one link per section, the current one marked (aria-current). */
import Link from 'next/link';
import { SECTIONS, sectionHref, type SectionId } from './sections';

export function SectionNav({ current }: { current: SectionId }) {
  return (
    <nav aria-label="Configuration sections">
      <ul className="flex flex-wrap gap-1.5">
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <Link
              href={sectionHref(s.id)}
              aria-current={s.id === current ? 'page' : undefined}
              className={`inline-flex min-h-9 items-center rounded-md border px-3 py-1.5 text-sm font-medium ${
                s.id === current
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
              }`}
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
