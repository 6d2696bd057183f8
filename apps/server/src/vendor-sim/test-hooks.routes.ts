import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimulatorState } from './simulator-state';

const faultBody = z.object({
  vendorCode: z.string().min(1).max(32),
  operation: z.enum(['in', 'out', 'status', 'balance', 'any']),
  fault: z.enum(['fail', 'timeout', 'drop']),
  apply: z.boolean().default(true),
});
const adjustBody = z.object({
  vendorCode: z.string().min(1).max(32),
  playerId: z.string().min(1).max(100),
  currency: z.string().regex(/^[A-Z]{3}$/),
  deltaMinor: z.string().regex(/^-?\d{1,18}$/),
});

/**
 * Test hooks under /_sim (unsigned: the simulator listens on loopback and holds no real money): plan a
 * fault for the next call, play a game round (win or lose at the vendor), read a player's balance.
 */
export function registerTestHooks(app: FastifyInstance, state: SimulatorState): void {
  app.post('/_sim/faults', async (request, reply) => {
    const parsed = faultBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ ok: false, error: parsed.error.message });
    const { vendorCode, ...fault } = parsed.data;
    state.planFault(vendorCode, fault);
    return { ok: true };
  });

  app.post('/_sim/players/adjust', async (request, reply) => {
    const parsed = adjustBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ ok: false, error: parsed.error.message });
    const { vendorCode, playerId, currency, deltaMinor } = parsed.data;
    const applied = state.adjust(vendorCode, playerId, currency, BigInt(deltaMinor));
    return reply.code(applied ? 200 : 409).send({ ok: applied });
  });

  app.get('/_sim/players', async (request, reply) => {
    const parsed = adjustBody.omit({ deltaMinor: true }).safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ ok: false, error: parsed.error.message });
    const { balanceMinor, version } = state.balance(
      parsed.data.vendorCode,
      parsed.data.playerId,
      parsed.data.currency,
    );
    return { ok: true, balanceMinor: balanceMinor.toString(), version: version.toString() };
  });
}
