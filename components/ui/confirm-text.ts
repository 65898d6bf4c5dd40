/** The confirmation's question (its own module: screens build it without loading the dialog's code). */
export const deleteQuestion = (tag: string) => `Are you sure you wish to Delete this ${tag}?`;
