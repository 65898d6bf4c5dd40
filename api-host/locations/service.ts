/** What other areas may use of firms (locations): saving a firm, its preferences and place in the network, postal codes, storage, and the demo firms. */
export { effectivePreferences, saveFirm, type FirmBody } from './calls';
export { isCheckablePostalCode, resolvePostalCode } from './geo';
export { ancestorsOf, isInheritedBrandImage } from './network';
export { providersOf } from './partners';
export { milesBetween } from './geo';
export { SEED_FIRMS, brandOf } from './seed';
export { acceptStoragePart, storeInBuckets, type StoragePart } from './storage';
/** A location as its history shows it (api-host/history reads its scope). */
export { STORAGE_HISTORY_ROWS, changingLocation, locationSnapshot, partnersSnapshot } from './history';
