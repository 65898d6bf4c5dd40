/** What other areas (and the server) may use of the push hub: announcing changed records and settings, and the tab a call comes from. */
export { announceChange, announceSettings, currentTab, fromTab } from './changes';
