/** The dispatch area's public module: what other areas use of it (README "Areas"). */
export { InspectionDispatch, type InspectionDispatchProps } from './inspection-dispatch';
export { ProviderChooser, type ProviderChooserProps, type ProviderPick } from './provider-chooser';
export { repricedText } from './repriced';
export { DispatchSummaryCell } from './summary-cell';
