import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, definedCalls as catalogueCalls } from '../test/defined-calls';
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

/** Every call of every area group, by name; a name defined twice fails. */
function definedCalls() {
  return catalogueCalls((name) => expect.fail(`call name ${name} is defined twice`));
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
