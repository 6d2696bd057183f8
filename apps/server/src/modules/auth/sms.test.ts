import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { httpSmsProvider, normaliseMobile } from './sms';

let server: http.Server;
let received: { authorization: string | undefined; body: unknown }[] = [];
let answerStatus = 200;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
      response.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function gatewayUrl(): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
}

describe('HTTP SMS gateway adapter', () => {
  it('posts the number and text with the bearer token', async () => {
    received = [];
    answerStatus = 200;
    const provider = httpSmsProvider({
      provider: 'http',
      gatewayUrl: gatewayUrl(),
      gatewayToken: 'secret-token',
      template: '',
    });
    await provider.send({ merchantId: 1, to: '+66812345678', text: 'Your code is 123456' });
    expect(received).toEqual([
      { authorization: 'Bearer secret-token', body: { to: '+66812345678', text: 'Your code is 123456' } },
    ]);
  });

  it('reports a refusing gateway as sms_gateway_failed (502)', async () => {
    answerStatus = 503;
    const provider = httpSmsProvider({
      provider: 'http',
      gatewayUrl: gatewayUrl(),
      gatewayToken: undefined,
      template: '',
    });
    const failure = await provider
      .send({ merchantId: 1, to: '+66812345678', text: 'x' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('sms_gateway_failed');
    expect((failure as AppError).statusCode).toBe(502);
  });
});

describe('mobile numbers', () => {
  it('normalises national and international forms to E.164 and refuses the rest', () => {
    expect(normaliseMobile('+66', '0812345678')).toBe('+66812345678');
    expect(normaliseMobile('66', '812345678')).toBe('+66812345678');
    expect(normaliseMobile('+84', '912345678')).toBe('+84912345678');
    expect(() => normaliseMobile('+66', '123')).toThrow(AppError);
    expect(() => normaliseMobile('+66', undefined)).toThrow(/mobile number/);
  });
});
