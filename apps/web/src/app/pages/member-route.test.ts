import { afterEach, describe, expect, it } from 'vitest';
import { fakeBoot } from '../../test/fake-boot';
import { buildMemberInfo, storeTestSession } from '../../test/fake-identity';
import { prefetch } from './member-route';

const info = buildMemberInfo();

function boot() {
  const fake = fakeBoot({
    '/wps/member/info': { value: info },
    '/wps/member/sessions': { value: [] },
    '/wps/member/payment-password': { value: { isSet: true, lockedForSeconds: 0 } },
    '/wps/member/bank-accounts': { value: [] },
  });
  return { ...fake, paths: () => fake.paths().sort(), run: () => prefetch(fake.boot) };
}

afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe("the member centre's prefetch", () => {
  it("starts member info and the security centre's reads and strings at boot", async () => {
    storeTestSession(0, 'token-1');
    window.history.replaceState(null, '', '/member');
    const member = boot();
    await member.run();
    expect(member.paths()).toEqual([
      '/wps/member/bank-accounts',
      '/wps/member/info',
      '/wps/member/payment-password',
      '/wps/member/sessions',
    ]);
    expect(member.queryClient.getQueryData(['member', 'info', 'token-1'])).toEqual(info);
    expect(member.queryClient.getQueryData(['member', 'sessions'])).toEqual([]);
    expect(member.queryClient.getQueryData(['payments', 'payment-password'])).toEqual({
      isSet: true,
      lockedForSeconds: 0,
    });
    expect(member.loadNamespaces).toHaveBeenCalledWith(['identity', 'payments']);
    expect(member.loadNamespaces).toHaveBeenCalledWith(['points']);
  });

  it('reads only member info on another tab, and nothing without a real session', async () => {
    storeTestSession(0, 'token-2');
    window.history.replaceState(null, '', '/member?tab=messageV2');
    const other = boot();
    await other.run();
    expect(other.paths()).toEqual(['/wps/member/info']);

    window.sessionStorage.clear();
    const visitor = boot();
    await expect(visitor.run()).resolves.toBeUndefined();
    expect(visitor.paths()).toEqual([]);

    storeTestSession(4, 'trial-token');
    const trial = boot();
    await trial.run();
    expect(trial.paths()).toEqual([]);
  });
});
