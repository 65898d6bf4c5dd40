/** What other areas may use of files: where a firm's files are kept, reading and sniffing them, their types, and the orphan sweeps. */
export { scheduleOrphanSweeps } from './orphans';
export { firmPath, readStored, sniff } from './storage';
export { byExtension, typeOfNamedFile } from './types';
