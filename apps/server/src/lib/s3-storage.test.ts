import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { s3Storage, signV4 } from './s3-storage';

const credentials = {
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('AWS Signature Version 4', () => {
  it('matches the worked example of the S3 documentation (GET Object with a Range header)', () => {
    const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const authorization = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': emptyHash,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: emptyHash,
      amzDate: '20130524T000000Z',
      ...credentials,
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/**
 * A path-style object store on loopback that checks what S3 checks: the payload hash header against the
 * body, and the signature against the request it received; objects live in memory.
 */
let server: http.Server;
let endpoint: string;
const objects = new Map<string, Buffer>();
const refusals: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const authorization = request.headers.authorization ?? '';
      const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
      const hash = String(request.headers['x-amz-content-sha256']);
      const expected = signV4({
        method: request.method as 'GET' | 'PUT',
        url: new URL(request.url!, endpoint),
        headers: Object.fromEntries(signed.map((name) => [name, String(request.headers[name])])),
        payloadHash: hash,
        amzDate: String(request.headers['x-amz-date']),
        ...credentials,
      });
      if (hash !== createHash('sha256').update(body).digest('hex') || authorization !== expected) {
        refusals.push(request.url!);
        response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      if (request.method === 'PUT') {
        objects.set(request.url!, body);
        response.writeHead(200).end();
      } else {
        const object = objects.get(request.url!);
        if (object) response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(object);
        else response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('s3Storage', () => {
  it('puts and gets objects with signed requests, path style', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'portal',
      forcePathStyle: true,
      timeoutMs: 5000,
      ...credentials,
    });
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const key = await storage.put('feedback', bytes, 'png');
    expect(key).toMatch(/^feedback\/\d{4}-\d{2}\/[\w-]{22}\.png$/);
    expect([...objects.keys()]).toContain(`/portal/${key}`);
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    expect(await storage.get('feedback/2026-01/AAAAAAAAAAAAAAAAAAAAAA.png')).toBeUndefined();
    expect(await storage.get('../../etc/passwd')).toBeUndefined();
    expect(refusals).toEqual([]);
  });

  it('fails loudly when the store refuses (a wrong secret)', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'portal',
      forcePathStyle: true,
      timeoutMs: 5000,
      ...credentials,
      secretAccessKey: 'wrong',
    });
    await expect(storage.put('feedback', Buffer.from('x'), 'png')).rejects.toThrow(/HTTP 403/);
  });
});

describe('STORAGE_DRIVER', () => {
  it('keeps local disk by default and refuses an incomplete S3 configuration at start-up', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).storage).toEqual({ driver: 'local' });
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 's3', S3_BUCKET: 'portal' })).toThrow(
      ConfigError,
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'portal',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toMatchObject({
      driver: 's3',
      bucket: 'portal',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });
});
