/** Tells the other tabs about a sign-out through localStorage, as next-auth's client does (the push client listens). */
export function announceSignOut(): void {
  try {
    localStorage.setItem('nextauth.message', JSON.stringify({ event: 'signout', data: { trigger: 'signout' }, timestamp: Date.now() }));
  } catch {
    /* storage unavailable: the other tabs find out at their next request */
  }
}
