import { afterEach, describe, expect, it } from 'vitest';
import { fakeBoot } from '../../test/fake-boot';
import { storeTestSession } from '../../test/fake-identity';
import { prefetchRealityCheck } from './reality-check-mount';

const session = {
  startedAt: '2026-11-26T08:00:00.000Z',
  elapsedSeconds: 60,
  netResult: '0.00',
  realityCheckMinutes: 30,
  lastLogin: { at: '2026-11-25T20:00:00.000Z', ip: '203.0.113.9', country: 'TH' },
};

function boot() {
  const fake = fakeBoot({ '/wps/rg/session': { value: session } });
  return { ...fake, run: () => prefetchRealityCheck(fake.boot) };
}

afterEach(() => window.sessionStorage.clear());

describe("the reality check's prefetch at boot", () => {
  it("reads a player's session and loads the strings, so the last-login notice is in the first paint", async () => {
    storeTestSession(0);
    const player = boot();
    await player.run();
    expect(player.paths()).toEqual(['/wps/rg/session']);
    expect(player.queryClient.getQueryData(['rg', 'session'])).toEqual(session);
    expect(player.loadNamespaces).toHaveBeenCalledWith(['rg']);
  });

  it('does nothing for a visitor, a trial account or an agent', async () => {
    for (const memberType of [null, 4, 1]) {
      window.sessionStorage.clear();
      if (memberType !== null) storeTestSession(memberType);
      const other = boot();
      await expect(other.run()).resolves.toBeUndefined();
      expect(other.paths()).toEqual([]);
      expect(other.loadNamespaces).not.toHaveBeenCalled();
    }
  });
});
