import { describe, expect, it } from 'vitest';
import { createFakeFetch } from '../../test/fake-server';
import { buildLoginResult, decryptPayload, failure, publicKeyReply } from '../../test/fake-identity';
import { createApiClient } from './client';
import { encryptedCall } from './encrypted-call';

describe('encryptedCall', () => {
  it('fetches the public key once and sends an encrypted body the server can open', async () => {
    const server = createFakeFetch({
      '/wps/system/publicKey': publicKeyReply,
      '/wps/session/login': { value: buildLoginResult() },
    });
    const api = createApiClient({ fetch: server.fetch });
    const payload = { type: 'username', username: 'a', password: 'b', side: 'member' } as const;
    await encryptedCall(api, 'login', payload);
    await encryptedCall(api, 'login', payload);

    const paths = server.requests.map((request) => request.url.pathname);
    expect(paths.filter((path) => path === '/wps/system/publicKey')).toHaveLength(1);
    const sent = server.requests.filter((request) => request.url.pathname === '/wps/session/login');
    expect(JSON.parse(sent[0]?.body ?? '{}')).toHaveProperty('keyId', 'test-key');
    expect(await decryptPayload(sent[0]!)).toEqual(payload);
  });

  it('refetches the key and retries once on encryption_invalid', async () => {
    let attempts = 0;
    const server = createFakeFetch({
      '/wps/system/publicKey': publicKeyReply,
      '/wps/session/login': () => {
        attempts += 1;
        return attempts === 1 ? failure(400, 'encryption_invalid') : { value: buildLoginResult() };
      },
    });
    const api = createApiClient({ fetch: server.fetch });
    const result = await encryptedCall(api, 'login', { type: 'username', username: 'a', password: 'b' });
    expect(result.token).toBe('token-123');
    expect(
      server.requests.filter((request) => request.url.pathname === '/wps/system/publicKey'),
    ).toHaveLength(2);
  });

  it('gives up after one retry', async () => {
    const server = createFakeFetch({
      '/wps/system/publicKey': publicKeyReply,
      '/wps/session/login': failure(400, 'encryption_invalid'),
    });
    const api = createApiClient({ fetch: server.fetch });
    await expect(
      encryptedCall(api, 'login', { type: 'username', username: 'a', password: 'b' }),
    ).rejects.toMatchObject({ code: 'encryption_invalid' });
    expect(server.requests.filter((request) => request.url.pathname === '/wps/session/login')).toHaveLength(
      2,
    );
  });
});
