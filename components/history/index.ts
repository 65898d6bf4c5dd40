/** The history area's public module: what other areas use of it (README "Areas"). */
export { HistoryButton, type HistoryButtonProps } from './history-button';
