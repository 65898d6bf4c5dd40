/**
 * The import wizard's steps (import-wizard.tsx holds their state): one file a step, each drawn from the
 * wizard's state and telling the wizard what the user did. None keeps state of its own but the drop zone's.
 */
export { ChooseStep } from './choose-step';
export { TemplateStep } from './template-step';
export { FileDrop, FileStep } from './file-step';
export { MappingStep } from './mapping-step';
export { PreviewStep } from './preview-step';
export { ImportStep } from './import-step';
export { ResultStep } from './result-step';
