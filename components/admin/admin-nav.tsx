/** The sections of /admin the role sees (lib/routes.ts ADMIN_SECTIONS), as links: the section lives in the URL. */
import Link from 'next/link';
import type { AdminSectionId } from '@/lib/routes';

export function AdminNav({ sections, current }: { sections: readonly { id: AdminSectionId; label: string }[]; current: AdminSectionId }) {
  return (
    <nav aria-label="Administration sections" className="mb-4 max-w-full overflow-x-auto border-b border-slate-200">
      <ul className="flex gap-1">
        {sections.map((s) => (
          <li key={s.id}>
            <Link
              href={`/admin?section=${s.id}`}
              aria-current={s.id === current ? 'page' : undefined}
              className={`-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                s.id === current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-700 hover:text-slate-900'
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
