import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVendorSimulator, type VendorSimulator } from '../../vendor-sim/simulator';
import { httpTransferAdapter } from './http-transfer-adapter';
import { VendorUnavailableError, type TransferVendorAdapter } from './transfer-adapter';

let sim: VendorSimulator;
let adapter: TransferVendorAdapter;
let sequence = 0;
const secret = 'adapter-test-secret';

beforeAll(async () => {
  sim = await startVendorSimulator({ port: 0, vendors: { ADP: secret }, hangMs: 1_000 });
  adapter = httpTransferAdapter({ code: 'ADP', secret, apiUrl: sim.vendorUrl('ADP') }, { timeoutMs: 250 });
});
afterAll(async () => sim.close());

function newPlayer() {
  sequence += 1;
  return { playerId: `p${sequence}`, currency: 'THB' };
}

describe('the HTTP transfer adapter against the vendor simulator', () => {
  it('moves money in and out once per transfer id and reads the balance with its version', async () => {
    const player = newPlayer();
    expect(await adapter.transferIn(player, 5_000n, 't-in-1')).toEqual({ status: 'done', code: null });
    expect(await adapter.transferIn(player, 5_000n, 't-in-1')).toEqual({ status: 'done', code: null });
    expect(await adapter.transferOut(player, 2_000n, 't-out-1')).toEqual({ status: 'done', code: null });
    expect(await adapter.balance(player)).toEqual({ balanceMinor: 3_000n, version: 2n });
    expect(await adapter.transferStatus('t-in-1')).toBe('done');
  });

  it('refuses a transfer out beyond the vendor balance and a reused id with other content', async () => {
    const player = newPlayer();
    expect(await adapter.transferOut(player, 1n, 't-out-2')).toEqual({
      status: 'failed',
      code: 'insufficient_funds',
    });
    await adapter.transferIn(player, 100n, 't-in-3');
    expect(await adapter.transferIn(player, 200n, 't-in-3')).toEqual({
      status: 'failed',
      code: 'transfer_conflict',
    });
  });

  it('closes an unknown id on a status query, so its late request is refused', async () => {
    const player = newPlayer();
    expect(await adapter.transferStatus('t-never')).toBe('failed');
    expect(await adapter.transferIn(player, 100n, 't-never')).toEqual({
      status: 'failed',
      code: 'transfer_closed',
    });
    expect((await adapter.balance(player)).balanceMinor).toBe(0n);
  });

  it('reports planned failures as definite and time-outs and dropped answers as unknown', async () => {
    const player = newPlayer();
    sim.planFault('ADP', { operation: 'in', fault: 'fail' });
    expect(await adapter.transferIn(player, 100n, 't-fail')).toEqual({
      status: 'failed',
      code: 'simulated_failure',
    });
    expect(await adapter.transferStatus('t-fail')).toBe('failed');

    sim.planFault('ADP', { operation: 'in', fault: 'timeout', apply: true });
    expect(await adapter.transferIn(player, 100n, 't-slow')).toEqual({ status: 'unknown', code: 'timeout' });
    expect(await adapter.transferStatus('t-slow')).toBe('done');

    sim.planFault('ADP', { operation: 'in', fault: 'drop', apply: true });
    expect((await adapter.transferIn(player, 50n, 't-drop')).status).toBe('unknown');
    expect(await adapter.transferStatus('t-drop')).toBe('done');

    sim.planFault('ADP', { operation: 'in', fault: 'timeout', apply: false });
    expect((await adapter.transferIn(player, 70n, 't-lost')).status).toBe('unknown');
    expect(await adapter.transferStatus('t-lost')).toBe('failed');
    expect((await adapter.balance(player)).balanceMinor).toBe(150n);

    sim.planFault('ADP', { operation: 'status', fault: 'fail' });
    expect(await adapter.transferStatus('t-slow')).toBe('unknown');
  });

  it('treats answers it cannot verify as unknown: a wrong secret never yields a definite result', async () => {
    const stranger = httpTransferAdapter(
      { code: 'ADP', secret: 'not-the-secret', apiUrl: sim.vendorUrl('ADP') },
      { timeoutMs: 250 },
    );
    expect(await stranger.transferIn(newPlayer(), 100n, 't-stranger')).toEqual({
      status: 'unknown',
      code: 'answer_signature_mismatch',
    });
    await expect(stranger.balance(newPlayer())).rejects.toBeInstanceOf(VendorUnavailableError);
  });
});
