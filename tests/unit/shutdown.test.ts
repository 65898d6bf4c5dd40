/** lib/shutdown.ts: a stop signal ends what holds requests open, once, and what opens afterwards at once. */
import { describe, expect, it, vi } from 'vitest';

describe('the graceful stop', () => {
  it('SIGTERM ends the registered requests, not the unregistered ones, and later ones at once', async () => {
    const { endOnShutdown, installShutdown, isStopping } = await import('@/lib/shutdown');
    // Stands for Next's own handler, so the signal's default (ending this test process) is not raised.
    const next = vi.fn();
    process.on('SIGTERM', next);
    try {
      installShutdown();
      installShutdown(); // once per process
      const stream = vi.fn();
      const poll = vi.fn();
      const finished = vi.fn();
      endOnShutdown(stream);
      endOnShutdown(poll);
      endOnShutdown(finished)();
      expect(isStopping()).toBe(false);

      process.emit('SIGTERM', 'SIGTERM');
      expect(next).toHaveBeenCalledTimes(1);
      expect(stream).toHaveBeenCalledTimes(1);
      expect(poll).toHaveBeenCalledTimes(1);
      expect(finished).not.toHaveBeenCalled();
      expect(isStopping()).toBe(true);

      process.emit('SIGTERM', 'SIGTERM');
      expect(stream).toHaveBeenCalledTimes(1);
      const late = vi.fn();
      endOnShutdown(late);
      expect(late).toHaveBeenCalledTimes(1);
    } finally {
      process.off('SIGTERM', next);
    }
  });
});
