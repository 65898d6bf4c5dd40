/** What other screen areas may use of intake: the estimate entry (upload or paste, preview, confirmation). Load it when first used. */
export { EstimateIntake, type EstimateIntakeProps } from './estimate-intake';
