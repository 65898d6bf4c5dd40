/** Validation texts of the specification, word for word (overview §5, administration §5). Defined once. */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Required, formatted email address',
  minmax: (field: string, min: number, max: number) => `The ${field} must alphanumeric (min: ${min}, max: ${max})`,
  passwordEmpty: 'Please supply a password.',
  passwordMismatch: "Passwords don't match.",
  passwordWeak:
    "Password doesn't meet minimum strength of special characters (!@#$%^&*), lower case (a-z), upper case (A-Z) and numbers (0-9), and at least 8 characters in length.",
} as const;

/** The delete confirmation (overview §2): "Are you sure you wish to Delete this {tag}?". */
export const deleteQuestion = (tag: string) => `Are you sure you wish to Delete this ${tag}?`;
