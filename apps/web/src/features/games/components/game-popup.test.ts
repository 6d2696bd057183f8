import { describe, expect, it } from 'vitest';
import { framePolicyOf } from './game-popup';

const portal = 'https://portal.example';

describe('game frame policy (decision 0044)', () => {
  it('gives the portal own in-house pages no sandbox, only full screen', () => {
    expect(framePolicyOf('/bgs/play/bgs-dice?session=abc', portal)).toEqual({
      sandbox: undefined,
      allow: 'fullscreen',
    });
    expect(framePolicyOf(`${portal}/bgs/play/bgs-slot?session=abc`, portal).sandbox).toBeUndefined();
  });

  it("sandboxes a vendor's page: scripts and its own origin, never the portal's navigation", () => {
    const policy = framePolicyOf('https://games.vendor.example/launch?token=t', portal);
    expect(policy.sandbox?.split(' ').sort()).toEqual([
      'allow-forms',
      'allow-modals',
      'allow-popups',
      'allow-same-origin',
      'allow-scripts',
    ]);
    expect(policy.sandbox).not.toContain('allow-top-navigation');
    expect(policy.allow).toBe('fullscreen; autoplay');
    // Another port is another origin: the local vendor simulator is a vendor.
    expect(framePolicyOf('http://127.0.0.1:9000/sim/play', 'http://127.0.0.1:8080').sandbox).toBeDefined();
  });

  it('sandboxes an address it cannot read', () => {
    expect(framePolicyOf('http://[bad', portal).sandbox).toBeDefined();
  });
});
