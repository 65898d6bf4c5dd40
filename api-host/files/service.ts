/** What other areas may use of files: where a firm's files are kept, reading and sniffing them, their types, and the orphan sweeps. */
export { scheduleOrphanSweeps } from './orphans';
export { firmPath, newStoredName, readStored, sniff, storeAll } from './storage';
export { assertImageRoom, eachFile } from './uploads';
export { byExtension, typeOfNamedFile } from './types';
