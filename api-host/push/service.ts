/** What other areas (and the server) may use of the push hub: announcing changed records, and the tab a call comes from. */
export { announceChange, currentTab, fromTab } from './changes';
