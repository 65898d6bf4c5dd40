/** What the reference host's calls see of the push hub: who a connection belongs to, and a way to send. */

/** The owner of a hub connection: the verified token's user, role and firm. */
export interface PushOwner {
  user: number;
  role: number | null;
  firm: number;
}

export interface PushSink {
  /**
   * Sends an invocation of `target` with `args` to every connection that finished its handshake and whose
   * owner matches `to`. Answers how many connections it was written to.
   */
  send(to: (owner: PushOwner) => boolean, target: string, args: readonly unknown[]): number;
}
