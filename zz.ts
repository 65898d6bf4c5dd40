import { unexplainedRefinements } from './scripts/lib/openapi';
console.log(unexplainedRefinements());
