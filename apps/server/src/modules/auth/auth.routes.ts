import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  errorEnvelope,
  freePlayPayload,
  loginPayload,
  loginResult,
  publicKey,
  secondFactorPayload,
  smsRequest,
  smsSent,
} from '@portal/contracts';
import { z } from 'zod';
import { requireSession } from '../../http/auth-guard';
import { decryptBody } from '../../http/encrypted-body';
import { errorResponses, ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import * as service from './auth.service';
import { createCaptcha } from './captcha';
import { answerChallenge } from './second-factor';

const tags = ['auth'];
const failures = errorResponses(400, 401, 403, 409, 429, 500);
const encryptedNote = 'Encrypted: the body is an EncryptedBody whose payload is this schema (decision 0008).';

/** Sign-in calls of spec section 7: key, captcha, login, SMS codes, free play, logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = () => service.sessionPolicy(app.deps.config);

  app.get(
    '/wps/system/publicKey',
    {
      schema: {
        tags,
        summary: 'The RSA key that encrypted calls wrap their AES key with',
        response: { 200: envelopeOf(publicKey) },
      },
    },
    async () => ok(app.deps.encryption.publicKey),
  );

  app.get(
    '/wps/captcha',
    {
      schema: {
        tags,
        summary: 'A captcha image (value: base64 PNG); its id is in the X-Captcha-Id header',
        response: { 200: envelopeOf(z.string()), 429: errorEnvelope },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      const captcha = await createCaptcha(app.deps.database.db);
      reply.header('x-captcha-id', captcha.id);
      return ok(captcha.pngBase64);
    },
  );

  app.post(
    '/wps/session/login',
    {
      preValidation: decryptBody,
      schema: {
        tags,
        summary: 'Log in with username and password, or with a mobile number and SMS code',
        description: encryptedNote,
        body: loginPayload,
        response: { 200: envelopeOf(loginResult), ...failures },
      },
    },
    async (request) =>
      ok(
        await service.login(
          service.contextOf(request, policy()),
          service.challengeChannels(app.deps),
          request.body,
        ),
      ),
  );

  app.post(
    '/wps/session/login/verify',
    {
      schema: {
        tags,
        summary: 'Answer the second step of a login from a new address',
        body: secondFactorPayload,
        response: { 200: envelopeOf(loginResult), ...failures },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => ok(await answerChallenge(service.contextOf(request, policy()), request.body)),
  );

  for (const [path, purpose] of [
    ['/wps/verification/sms/noLogin', 'login'],
    ['/wps/verification/sms/register', 'register'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Send an SMS code for ${purpose === 'login' ? 'login or password reset' : 'registration'}`,
          body: smsRequest,
          response: { 200: envelopeOf(smsSent), ...failures },
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        if (!request.merchant.modules.smsVerification) {
          throw new AppError(403, 'operation-not-allowed', 'SMS verification is not offered here');
        }
        return ok(await service.sendSms(app.deps, request.merchant, purpose, request.body));
      },
    );
  }

  app.post(
    '/wps/session/login/freeplay',
    {
      schema: {
        tags,
        summary: 'Create a trial (free-play) account and log it in',
        body: freePlayPayload,
        response: { 200: envelopeOf(loginResult), ...failures },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request) => ok(await service.freePlay(service.contextOf(request, policy()))),
  );

  app.delete(
    '/wps/session/logout',
    {
      preHandler: requireSession(policy, { allowTrial: true, duringForcedChange: true }),
      schema: { tags, summary: 'End this session', response: { 200: envelopeOf(z.null()), ...failures } },
    },
    async (request) => {
      await service.logout(app.deps.database.db, request.session);
      return ok(null);
    },
  );
};
