/** Validation texts of the specification, word for word (docs/shell.md#validation, docs/users.md#validation). Defined once. */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Required, formatted email address',
  minmax: (field: string, min: number, max: number) => `The ${field} must alphanumeric (min: ${min}, max: ${max})`,
  passwordEmpty: 'Please supply a password.',
  passwordMismatch: "Passwords don't match.",
  passwordWeak:
    "Password doesn't meet minimum strength of special characters (!@#$%^&*), lower case (a-z), upper case (A-Z) and numbers (0-9), and at least 8 characters in length.",
} as const;

/**
 * The user profile's texts (docs/users.md#validation, #errors). The save alert starts with `fillAll`, followed by the
 * lines that apply; the host answers the same texts as field errors.
 */
export const USER_MESSAGES = {
  fillAll: 'Please supply fill all fields.',
  firstName: 'Please supply a First Name.',
  lastName: 'Please supply a Last Name.',
  timezone: 'Please supply a Timezone.',
  language: 'Please supply a Language.',
  role: 'Please supply a Role.',
  usernameTaken: 'Username already exists, please try another.',
  // Not quoted by the specification (it only says "labor rate (a number)"):
  laborRate: 'Labor rate must be a number.',
  onePrimary: 'Exactly one location must be primary.',
  noLocation: 'Select at least one location.',
} as const;

/** The delete confirmation (docs/shell.md#validation): "Are you sure you wish to Delete this {tag}?". */
export const deleteQuestion = (tag: string) => `Are you sure you wish to Delete this ${tag}?`;

/** The tag of a delete confirmation: singular for one row, "Phone(s)" style for several (docs/contacts.md#screens). */
export function deleteTag(tag: string, count: number): string {
  return count > 1 ? `${tag}(s)` : tag;
}
