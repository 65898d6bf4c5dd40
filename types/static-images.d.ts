// Static files imported by components (the icon sprite: components/ui/icon.tsx) are typed as Next types them.
// next-env.d.ts says the same, but it is written by `next build`/`next dev` and not kept in git, so a fresh
// clone's typecheck must not depend on it.
/// <reference types="next/image-types/global" />
