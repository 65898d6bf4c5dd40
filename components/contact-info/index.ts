/**
 * The contact-info area's public module: a contact's item lists (addresses, phones, emails, related contacts)
 * as the contacts editor and the user profile use them (README "Areas").
 */
export { ContactInfo, type PrimaryChange } from './contact-info';
export { ContactSummary, ItemLookup, type ItemDialogProps } from './item-dialogs';
export { SubList, useItems, type ItemKind } from './sub-list';
export { needId } from './validation';
