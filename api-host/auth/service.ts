/** What other areas may use of auth: reset links, ending a user's sessions, a token's standing, and the request throttles. */
export { createResetToken, resetLink } from './reset-tokens';
export { endSessions, tokenStanding } from './sessions';
export { WindowCounts, perHost, waitMessage } from './throttle';
