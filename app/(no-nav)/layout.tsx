/**
 * The no-nav layout's one page, /onboard/{id}, draws its own shell (components/shell/plain-shell.tsx): it
 * wears the inviting franchise's brand, which only the page knows (docs/onboard.md#states).
 */
export default function NoNavLayout({ children }: { children: React.ReactNode }) {
  return children;
}
