import type {
  LoginResult,
  MemberInfo,
  PublicKey,
  RegisterFieldSetting,
  SessionInfo,
} from '@portal/contracts';
import { base64ToBytes, bytesToBase64 } from '../lib/crypto';
import type { FakeReply, RecordedRequest } from './fake-server';

interface ServerKey {
  publicKey: PublicKey;
  privateKey: CryptoKey;
}

// One real RSA key pair for the whole test run: generating one takes a few hundred milliseconds.
let serverKey: Promise<ServerKey> | null = null;

/** The fake server's key pair, as the real server publishes it at /wps/system/publicKey. */
export function fakeServerKey(): Promise<ServerKey> {
  serverKey ??= (async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = await crypto.subtle.exportKey('spki', pair.publicKey);
    return {
      publicKey: {
        keyId: 'test-key',
        algorithm: 'RSA-OAEP-256+A256GCM',
        spki: bytesToBase64(new Uint8Array(spki)),
      },
      privateKey: pair.privateKey,
    };
  })();
  return serverKey;
}

/** The publicKey route of the fake server. */
export async function publicKeyReply(): Promise<FakeReply<PublicKey>> {
  return { value: (await fakeServerKey()).publicKey };
}

/** Opens an encrypted request body as the server does and returns its payload. */
export async function decryptPayload<T = Record<string, unknown>>(request: RecordedRequest): Promise<T> {
  const { privateKey } = await fakeServerKey();
  const body = JSON.parse(request.body ?? '{}') as { key: string; iv: string; data: string };
  const rawKey = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, base64ToBytes(body.key));
  const aesKey = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: base64ToBytes(body.iv) },
    aesKey,
    base64ToBytes(body.data),
  );
  return (JSON.parse(new TextDecoder().decode(plain)) as { payload: T }).payload;
}

export function buildLoginResult(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    token: 'token-123',
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    memberType: 0,
    secondFactor: null,
    ...overrides,
  };
}

export function buildMemberInfo(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: 7,
    account: 'somchai01',
    userName: 'somchai01',
    nickname: 'Somchai',
    type: 0,
    balance: '1234567.89',
    currencySymbol: '฿',
    currencyCode: 'THB',
    vip: { level: 1, name: null },
    unreadMessages: 2,
    availablePromos: 0,
    totpEnabled: false,
    gmtOffsetMinutes: 420,
    ...overrides,
  };
}

export function buildSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    id: 1,
    current: true,
    createdAt: '2025-01-01T10:00:00.000Z',
    lastSeenAt: '2025-01-01T11:00:00.000Z',
    expiresAt: '2025-01-02T10:00:00.000Z',
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    browser: 'Firefox 133',
    os: 'Linux',
    device: 'desktop',
    loginMethod: 'username',
    ...overrides,
  };
}

export function buildFieldSetting(
  field: RegisterFieldSetting['field'],
  overrides: Partial<RegisterFieldSetting> = {},
): RegisterFieldSetting {
  return {
    field,
    shown: true,
    required: true,
    acceptedPattern: '*',
    minLength: 1,
    maxLength: 64,
    patternId: 0,
    ...overrides,
  };
}

/** Stores a logged-in session as a login would. */
export function storeTestSession(memberType = 0, token = 'token-123'): void {
  window.sessionStorage.setItem('token', token);
  window.sessionStorage.setItem('memberType', String(memberType));
}

/** A failure envelope reply. */
export function failure(
  status: number,
  code: string,
  value: unknown = null,
  message = code,
): FakeReply<never> {
  return { status, body: { success: false, value, message, code } };
}
