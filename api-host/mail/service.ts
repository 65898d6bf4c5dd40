/** What other areas may use of mail: sending a mail (kept in the outbox). */
export { sendMail } from './outbox';
