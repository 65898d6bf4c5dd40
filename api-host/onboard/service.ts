/** What other areas may use of onboarding: an invitation's stored hash. */
export { invitationHash } from './invitations';
