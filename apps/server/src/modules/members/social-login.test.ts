import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';

/**
 * Social login end to end against a real OpenID provider (oidc-provider) started here on 127.0.0.1:
 * the console configures it, start gives the authorization address (code + PKCE S256), the provider
 * signs the test account in and redirects back, the callback validates the ID token and hands a one-time
 * ticket, the exchange opens the session. Nothing leaves this machine.
 */
let kit: PaymentsKit;
let owner: string;
let server: Server;
let issuer: string;
let accountId = 'ann-0001';
const clientSecret = 'a-test-client-secret-of-some-length-0123456789';
const redirectUri = 'http://localhost/wps/session/oidc/callback';

beforeAll(async () => {
  kit = await startPaymentsKit();
  owner = await operatorToken(kit);
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'portal-test',
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_context, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@example.test`, email_verified: true, name: `Player ${sub}` }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/interaction/')) return void handle(request, response);
    // The provider's login and consent pages, answered at once for the account the test chose.
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(request, response, { login: { accountId }, consent: { grantId } });
    })();
  });
}, 30_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await kit.close();
});

async function configure(enabled: boolean, secret: string | null = clientSecret) {
  const body = {
    provider: 'google',
    issuer,
    clientId: 'portal-test',
    enabled,
    ...(secret === null ? {} : { clientSecret: secret }),
  };
  return kit.call('PUT', '/ops/settings/social', { token: owner, body });
}

/** Follows the provider's redirects with a cookie jar until it sends the browser back to the portal. */
async function signInAtProvider(authorizationUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    if (next.href.startsWith(redirectUri)) return next;
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(next, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider answered ${response.status} without a redirect`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects');
}

/** The portal's callback: the address it sends the browser to. */
async function portalCallback(callbackUrl: URL): Promise<URL> {
  const reply = await kit.testApp.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: { host: 'localhost', 'x-forwarded-for': '198.51.100.1' },
  });
  expect(reply.statusCode).toBe(302);
  expect(reply.headers['cache-control']).toBe('no-store');
  return new URL(String(reply.headers.location), 'http://localhost');
}

async function socialLogin(returnTo?: string) {
  const started = await kit.call('POST', '/wps/session/oidc/start', {
    body: { provider: 'google', ...(returnTo ? { returnTo } : {}) },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const authorizationUrl = new URL(started.body.value.authorizationUrl as string);
  expect(authorizationUrl.origin).toBe(issuer);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(redirectUri);
  const callback = await signInAtProvider(authorizationUrl.href);
  const back = await portalCallback(callback);
  return { callback, back, ticket: back.searchParams.get('socialTicket') };
}

async function memberInfo(token: string) {
  return (await kit.call('GET', '/wps/member/info', { token })).body.value as {
    userName: string;
    account: string;
  };
}

describe('social login over OpenID Connect', () => {
  it('is not offered until the merchant configures the provider', async () => {
    const whitelabel = await kit.call('GET', '/wps/system/whitelabel');
    expect(whitelabel.body.value.socialLogin).toEqual([]);
    const refused = await kit.call('POST', '/wps/session/oidc/start', { body: { provider: 'google' } });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('social_login_unavailable');
    const noSecret = await configure(true, null);
    expect(noSecret.body.code).toBe('social_login_secret_required');
  });

  it('opens an account on the first login, signs in to it again, and never reads the secret back', async () => {
    const saved = await configure(true);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.value.socialLogin).toEqual([
      { provider: 'google', issuer, clientId: 'portal-test', enabled: true, secretSet: true },
    ]);
    expect(JSON.stringify(saved.body)).not.toContain(clientSecret);
    expect((await kit.call('GET', '/wps/system/whitelabel')).body.value.socialLogin).toEqual(['google']);

    const first = await socialLogin('/member');
    expect(first.back.pathname).toBe('/member');
    expect(first.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await kit.call('POST', '/wps/session/oidc/exchange', { body: { ticket: first.ticket } });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.value).toMatchObject({ firstTimeLogin: true, mustChangePassword: false });
    const member = await memberInfo(session.body.value.token as string);

    // The ticket and the callback are single use.
    const again = await kit.call('POST', '/wps/session/oidc/exchange', { body: { ticket: first.ticket } });
    expect(again.body.code).toBe('social_login_ticket_invalid');
    const replayed = await portalCallback(first.callback);
    expect(replayed.searchParams.get('socialError')).toBe('state');

    const second = await socialLogin();
    const secondSession = await kit.call('POST', '/wps/session/oidc/exchange', {
      body: { ticket: second.ticket },
    });
    expect(secondSession.body.value.firstTimeLogin).toBe(false);
    expect(await memberInfo(secondSession.body.value.token as string)).toEqual(member);

    // Another identity at the same provider is another account.
    accountId = 'bob-0002';
    const other = await socialLogin();
    const otherSession = await kit.call('POST', '/wps/session/oidc/exchange', {
      body: { ticket: other.ticket },
    });
    expect((await memberInfo(otherSession.body.value.token as string)).userName).not.toBe(member.userName);
    const links = await kit.testApp.database.db
      .selectFrom('member_oidc_identities')
      .select(['subject', 'email'])
      .orderBy('subject')
      .execute();
    expect(links).toEqual([
      { subject: 'ann-0001', email: 'ann-0001@example.test' },
      { subject: 'bob-0002', email: 'bob-0002@example.test' },
    ]);
  });

  it('refuses a callback whose state this portal never issued, and a switched-off provider', async () => {
    const forged = await portalCallback(new URL(`${redirectUri}?code=abc&state=${'x'.repeat(43)}`));
    expect(forged.searchParams.get('socialError')).toBe('state');
    await configure(false, null);
    expect((await kit.call('GET', '/wps/system/whitelabel')).body.value.socialLogin).toEqual([]);
    const refused = await kit.call('POST', '/wps/session/oidc/start', { body: { provider: 'google' } });
    expect(refused.body.code).toBe('social_login_unavailable');
  });
});

describe("the provider's issuer", () => {
  it('answers 400 for text that is no address at all (the check once threw inside validation)', async () => {
    const reply = await kit.call('PUT', '/ops/settings/social', {
      token: owner,
      body: { provider: 'google', issuer: 'not an address', clientId: 'portal-test', enabled: false },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('validation_failed');
  });
});
