/** What the host may use of the log: its logger writing to the application log, and the request context its lines carry. */
export { requestContext, storeLogger } from './logger';
