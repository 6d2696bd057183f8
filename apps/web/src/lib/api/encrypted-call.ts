import type { BodyOf, CallDefinition, EncryptedCallName, PublicKey, ResponseOf } from '@portal/contracts';
import { encryptBody, importServerKey } from '../crypto';
import { isApiError } from './api-error';
import type { ApiCall, CallOptions, CallPayload, CallResponse, SendOptions } from './client';

export type { EncryptedCallName };

interface CachedKey {
  publicKey: PublicKey;
  serverKey: CryptoKey;
}

// The public key is cached per API client for the life of the page; a rotated key is fetched again.
const keyCache = new WeakMap<ApiCall, Promise<CachedKey>>();

function loadKey(api: ApiCall, refresh: boolean): Promise<CachedKey> {
  const cached = keyCache.get(api);
  if (cached && !refresh) return cached;
  const loading = api('publicKey').then(async (publicKey) => ({
    publicKey,
    serverKey: await importServerKey(publicKey),
  }));
  // A failed fetch is not cached, so the next call tries again.
  loading.catch(() => keyCache.delete(api));
  keyCache.set(api, loading);
  return loading;
}

/**
 * Makes an encrypted call: encrypts the payload to the server's public key and sends it. When the
 * server answers encryption_invalid (the key rotated, or the clock drifted), the key is fetched again
 * and the call retried once with a freshly encrypted body.
 */
export async function encryptedCall<Name extends EncryptedCallName>(
  api: ApiCall,
  name: Name,
  payload: CallPayload<Name>,
  options: Pick<CallOptions<Name>, 'signal'> = {},
): Promise<CallResponse<Name>> {
  const send = async (refresh: boolean) => {
    const { publicKey, serverKey } = await loadKey(api, refresh);
    const body = await encryptBody(publicKey, serverKey, payload);
    // Every encrypted call's body type is EncryptedBody, which TypeScript cannot see through Name.
    return api(name, { body: body as CallOptions<Name>['body'], signal: options.signal });
  };
  try {
    return await send(false);
  } catch (error) {
    if (isApiError(error) && error.code === 'encryption_invalid') return send(true);
    throw error;
  }
}

/** encryptedCall for a call sent by its definition (an area outside the player catalogue). */
export async function encryptedSend<Call extends CallDefinition & { encrypted: true }>(
  api: ApiCall,
  definition: Call,
  payload: BodyOf<Call>,
  options: { signal?: AbortSignal } = {},
): Promise<ResponseOf<Call>> {
  const send = async (refresh: boolean) => {
    const { publicKey, serverKey } = await loadKey(api, refresh);
    const body = await encryptBody(publicKey, serverKey, payload);
    return api.send(definition, { body: body as SendOptions<Call>['body'], signal: options.signal });
  };
  try {
    return await send(false);
  } catch (error) {
    if (isApiError(error) && error.code === 'encryption_invalid') return send(true);
    throw error;
  }
}
