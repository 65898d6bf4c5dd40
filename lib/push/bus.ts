/**
 * In-page fan-out of push messages: the shell's push client publishes what the connection receives, screens
 * subscribe (the data-table's live lists). Dependency-free, so subscribing adds nothing to first-load JS and
 * works however late the connection starts; a subscriber simply hears nothing until it does.
 */
type Listener = (target: string, payload: unknown) => void;

const listeners = new Set<Listener>();

/** Listens to every push message; answers the unsubscribe function. */
export function onPush(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publishPush(target: string, payload: unknown): void {
  for (const listener of [...listeners]) {
    try {
      listener(target, payload);
    } catch (e) {
      console.error('[push] a subscriber failed', e);
    }
  }
}
