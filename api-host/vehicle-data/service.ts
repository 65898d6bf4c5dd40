/** What other areas may use of the vehicle-data stand-in: its client check and text matching (the ALLDATA stand-in). */
export { basicClient, sameText } from './routes';
