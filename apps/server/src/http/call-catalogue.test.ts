import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition } from '@portal/contracts';
import * as mainCatalogue from '@portal/contracts/calls';
import { agentCalls } from '@portal/contracts/calls/agents';
import { rewardCalls } from '@portal/contracts/calls/rewards';
import { pointsCalls } from '@portal/contracts/calls/points';
import { rgCalls } from '@portal/contracts/calls/rg';
import { buildTestApp, type TestApp } from '../test/test-app';

/**
 * The call catalogue and the server agree (decision 0026): every defined call is served, and every API
 * route the server registers is a defined call, so a call cannot be half-declared.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ TEST_GATEWAY_ENABLED: 'true' });
});
afterAll(async () => testApp.close());

const apiPrefixes = ['/wps/', '/lgw/', '/lotto/', '/ops/', '/vendor/'];

function isCallDefinition(value: unknown): value is CallDefinition {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

/** Every group: the main catalogue module's and the agent centre's and rewards' own entries. */
const catalogue = { ...mainCatalogue, agentCalls, rewardCalls, pointsCalls, rgCalls };

const aggregates = new Set(['calls', 'operatorCalls', 'partnerCalls']);

/** Every call of every area group the catalogue exports, by name. */
function definedCalls(): Map<string, CallDefinition> {
  const found = new Map<string, CallDefinition>();
  for (const [groupName, group] of Object.entries(catalogue)) {
    if (aggregates.has(groupName) || typeof group !== 'object' || group === null) continue;
    for (const [name, call] of Object.entries(group)) {
      if (!isCallDefinition(call)) continue;
      expect(found.has(name), `call name ${name} is defined twice`).toBe(false);
      found.set(name, call);
    }
  }
  return found;
}

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe('the call catalogue', () => {
  it('defines each call once, under an API prefix, with a unique method and path', () => {
    const calls = definedCalls();
    expect(calls.size).toBeGreaterThan(150);
    // The player, operator, partner and agent catalogues hold every group's calls (none lost to a name clash).
    const aggregated =
      Object.keys(catalogue.calls).length +
      Object.keys(catalogue.operatorCalls).length +
      Object.keys(catalogue.partnerCalls).length +
      Object.keys(catalogue.agentCalls).length +
      Object.keys(catalogue.rewardCalls).length +
      Object.keys(catalogue.pointsCalls).length +
      Object.keys(catalogue.rgCalls).length;
    expect(aggregated).toBe(calls.size);
    const routes = new Set<string>();
    for (const [name, call] of calls) {
      expect(
        apiPrefixes.some((prefix) => call.path.startsWith(prefix)),
        name,
      ).toBe(true);
      expect(routes.has(key(call.method, call.path)), `${name}: ${key(call.method, call.path)}`).toBe(false);
      routes.add(key(call.method, call.path));
    }
  });

  it('is exactly what the server serves under the API prefixes', async () => {
    const calls = [...definedCalls().values()];
    for (const call of calls) {
      expect(testApp.app.hasRoute({ method: call.method, url: call.path }), key(call.method, call.path)).toBe(
        true,
      );
    }
    const document = (
      await testApp.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'localhost' } })
    ).json<{ paths: Record<string, Record<string, unknown>> }>();
    const defined = new Set(
      calls.map((call) => key(call.method, call.path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}'))),
    );
    const served = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => key(method, path)),
    );
    const undefinedRoutes = served.filter(
      (route) => apiPrefixes.some((prefix) => route.split(' ')[1]!.startsWith(prefix)) && !defined.has(route),
    );
    expect(undefinedRoutes).toEqual([]);
  });
});
