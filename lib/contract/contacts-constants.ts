/** The contacts contract's constants client code may use without loading zod (lib/contract/contacts.ts states the shapes). */

/** Id of a record that has not been saved yet: new records are sent with id -1 (docs/contacts.md#fields). */
export const NEW_ID = -1;
