/** What the reference host's calls see of the push hub: who a connection belongs to, and a way to send. */

/** The owner of a hub connection: the verified token's user, role and firm. */
export interface PushOwner {
  user: number;
  role: number | null;
  firm: number;
  /** The id (jti) of the token the connection was opened with. */
  tokenId?: string;
  /** An app instance's own connection (the service secret, no user): it hears settings notices only. */
  service?: true;
}

export interface PushSink {
  /**
   * Sends an invocation of `target` with `args` to every connection that finished its handshake and whose
   * owner matches `to`. Answers how many connections it was written to.
   */
  send(to: (owner: PushOwner) => boolean, target: string, args: readonly unknown[]): number;
  /** Closes (without reconnect) the connections whose owner matches: their sessions have ended. */
  disconnect(which: (owner: PushOwner) => boolean): number;
}
