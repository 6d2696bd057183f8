import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FileStorage } from './storage';

/**
 * FileStorage on an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Ceph...) with requests
 * signed by AWS Signature Version 4 over fetch: two calls (PUT and GET object) do not justify the AWS SDK
 * and its dependency tree. Keys have the same shape as on local disk, so switching stores moves files,
 * not database rows.
 */
export interface S3Settings {
  /** Base address, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (endpoint/bucket/key), which MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
  timeoutMs: number;
}

const folderPattern = /^[a-z0-9-]{1,32}$/;
const extensionPattern = /^[a-z0-9]{1,8}$/;
const keyPattern = /^[a-z0-9-]{1,32}\/\d{4}-\d{2}\/[A-Za-z0-9_-]{22}\.[a-z0-9]{1,8}$/;
const contentTypes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 3986 encoding of each path segment, as SigV4 wants it. */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

export interface SignInput {
  method: 'GET' | 'PUT';
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** yyyyMMdd'T'HHmmss'Z' */
  amzDate: string;
}

/** The Authorization header of an AWS SigV4 request (service s3); every header given is signed. */
export function signV4(input: SignInput): string {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value.trim();
  const names = Object.keys(headers).sort();
  const canonicalRequest = [
    input.method,
    encodePath(input.url.pathname),
    [...input.url.searchParams]
      .sort()
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&'),
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

function objectUrl(settings: S3Settings, key: string): URL {
  const endpoint = new URL(settings.endpoint);
  if (settings.forcePathStyle) return new URL(`/${settings.bucket}/${key}`, endpoint);
  return new URL(`/${key}`, `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`);
}

/** The S3-compatible FileStorage (STORAGE_DRIVER=s3). */
export function s3Storage(settings: S3Settings, fetchImpl: typeof fetch = fetch): FileStorage {
  const send = async (method: 'GET' | 'PUT', key: string, body?: Buffer, contentType?: string) => {
    const url = objectUrl(settings, key);
    const payloadHash = sha256Hex(body ?? '');
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const authorization = signV4({ method, url, headers, payloadHash, amzDate, ...settings });
    const { host: _host, ...sent } = headers;
    return fetchImpl(url, {
      method,
      headers: { ...sent, authorization },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  };
  return {
    async put(folder, bytes, extension) {
      if (!folderPattern.test(folder) || !extensionPattern.test(extension)) {
        throw new Error(`invalid storage folder or extension: ${folder} ${extension}`);
      }
      const month = new Date().toISOString().slice(0, 7);
      const key = `${folder}/${month}/${randomBytes(16).toString('base64url')}.${extension}`;
      const response = await send('PUT', key, bytes, contentTypes[extension] ?? 'application/octet-stream');
      if (!response.ok) throw new Error(`object store refused PUT ${key}: HTTP ${response.status}`);
      return key;
    },
    async get(key) {
      if (!keyPattern.test(key)) return undefined;
      const response = await send('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`object store refused GET ${key}: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
