/** `npm run build`: the production build (next build) with its standalone server completed (public/, static files). */
import { ensureBuilt } from './lib/stack.mjs';

ensureBuilt({ force: true });
