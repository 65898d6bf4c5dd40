import { describe, expect, it } from 'vitest';
import { buildPushConnection } from '@/lib/push/client';
import { PUSH_HUB_PATH, PUSH_RECONNECT_DELAYS_MS } from '@/lib/push/protocol';

describe('push reconnect schedule', () => {
  it('is 0, 3, 5, 10, 15, 30 and 60 seconds (docs/shell.md#screens)', () => {
    expect(PUSH_RECONNECT_DELAYS_MS).toEqual([0, 3000, 5000, 10_000, 15_000, 30_000, 60_000]);
  });

  it('is the policy of the connection the shell builds, and it gives up after the last delay', () => {
    const connection = buildPushConnection({ url: `http://localhost${PUSH_HUB_PATH}`, onMessage: () => undefined });
    // The library keeps the policy private; the delays it will use are what matters here.
    const policy = (
      connection as unknown as { _reconnectPolicy: { nextRetryDelayInMilliseconds(ctx: { previousRetryCount: number }): number | null } }
    )._reconnectPolicy;
    const delays = Array.from({ length: 8 }, (_, previousRetryCount) => policy.nextRetryDelayInMilliseconds({ previousRetryCount }));
    expect(delays).toEqual([0, 3000, 5000, 10_000, 15_000, 30_000, 60_000, null]);
  });
});
