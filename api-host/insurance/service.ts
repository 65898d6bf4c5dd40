/** What other areas may use of insurance: saving an insurer (the data import). */
export { saveInsurer } from './calls';
