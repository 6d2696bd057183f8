import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliateInfo,
  affiliateQuery,
  changePasswordPayload,
  forgotByEmailForm,
  forgotByEmailMessage,
  resetByEmailPayload,
  resetByPhonePayload,
  envelopeOf,
  loginResult,
  memberIcon,
  memberInfo,
  registerMobilePayload,
  registerPayload,
  sessionInfo,
  totpCode,
  totpEnrolment,
} from '@portal/contracts';
import { z } from 'zod';
import { requireSession } from '../../http/auth-guard';
import { decryptBody } from '../../http/encrypted-body';
import { errorResponses, ok } from '../../http/envelope';
import { contextOf, sessionPolicy } from '../auth/auth.service';
import * as service from './members.service';
import * as reset from './password-reset.service';

const tags = ['members'];
const failures = errorResponses(400, 401, 403, 404, 409, 429, 500);
const encryptedNote = 'Encrypted: the body is an EncryptedBody whose payload is this schema (decision 0008).';

/** Account calls: register, affiliate check, member info, password change, the security centre. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = () => sessionPolicy(app.deps.config);

  app.put(
    '/wps/member/register',
    {
      preValidation: decryptBody,
      schema: {
        tags,
        summary: 'Register a member account from the merchant register settings, and log it in',
        description: encryptedNote,
        body: registerPayload,
        response: { 200: envelopeOf(loginResult), ...failures },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => ok(await service.register(contextOf(request, policy()), request.body)),
  );

  app.put(
    '/wps/member/register/mobile',
    {
      preValidation: decryptBody,
      schema: {
        tags,
        summary: 'Register with a mobile number and its SMS code (from /wps/verification/sms/register)',
        description: encryptedNote,
        body: registerMobilePayload,
        response: { 200: envelopeOf(loginResult), ...failures },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => ok(await service.registerMobile(contextOf(request, policy()), request.body)),
  );

  app.get(
    '/wps/agent/affiliate',
    {
      schema: {
        tags,
        summary: 'Check an affiliate (invitation) code',
        querystring: affiliateQuery,
        response: { 200: envelopeOf(affiliateInfo), ...failures },
      },
    },
    async (request) =>
      ok(await service.affiliate(app.deps.database.db, request.merchant, request.query.affiliateCode)),
  );

  app.get(
    '/wps/member/info',
    {
      // Not during a forced password change: the session may only change the password or log out.
      preHandler: requireSession(policy, { allowTrial: true }),
      schema: {
        tags,
        summary: 'The logged-in account',
        response: { 200: envelopeOf(memberInfo), ...failures },
      },
    },
    async (request) => ok(await service.info(app.deps.database.db, request.merchant, request.session)),
  );

  app.get(
    '/wps/member/info/icon',
    {
      preHandler: requireSession(policy, { allowTrial: true }),
      schema: {
        tags,
        summary: "The account's avatar",
        response: { 200: envelopeOf(memberIcon), ...failures },
      },
    },
    async (request) => ok(await service.icon(app.deps.database.db, request.session)),
  );

  app.post(
    '/wps/member/password',
    {
      preHandler: requireSession(policy, { duringForcedChange: true }),
      preValidation: decryptBody,
      schema: {
        tags,
        summary: 'Change the password (old password required unless this session must change it)',
        description: encryptedNote,
        body: changePasswordPayload,
        response: { 200: envelopeOf(z.null()), ...failures },
      },
    },
    async (request) => {
      await service.changePassword(app.deps.database.db, request.merchant, request.session, request.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/password/email',
    {
      schema: {
        tags,
        summary:
          "Send a reset link to the account's e-mail (form or JSON: username, email); always in_been_out",
        body: forgotByEmailForm,
        response: { 200: envelopeOf(z.null()), ...failures },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request) => {
      const origin = app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
      await reset.requestEmailReset(
        contextOf(request, policy()),
        app.deps.mailer,
        origin,
        request.body,
        (error) => request.log.error({ err: error }, 'password reset e-mail failed'),
      );
      return ok(null, forgotByEmailMessage);
    },
  );

  app.post(
    '/wps/member/password/email/reset',
    {
      preValidation: decryptBody,
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link (then log in)',
        description: encryptedNote,
        body: resetByEmailPayload,
        response: { 200: envelopeOf(z.null()), ...failures },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      await reset.resetByEmail(contextOf(request, policy()), request.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/password/verification',
    {
      preValidation: decryptBody,
      schema: {
        tags,
        summary: 'Set a new password with an SMS code (from /wps/verification/sms/noLogin), and log in',
        description: encryptedNote,
        body: resetByPhonePayload,
        response: { 200: envelopeOf(loginResult), ...failures },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => ok(await reset.resetByPhone(contextOf(request, policy()), request.body)),
  );

  app.get(
    '/wps/member/sessions',
    {
      preHandler: requireSession(policy),
      schema: {
        tags,
        summary: 'Active sessions of this account',
        response: { 200: envelopeOf(z.array(sessionInfo)), ...failures },
      },
    },
    async (request) => ok(await service.sessions(app.deps.database.db, request.session)),
  );

  app.post(
    '/wps/member/totp/enrol',
    {
      preHandler: requireSession(policy),
      schema: {
        tags,
        summary: 'Start authenticator enrolment: a new secret and its otpauth URL',
        response: { 200: envelopeOf(totpEnrolment), ...failures },
      },
    },
    async (request) => ok(await service.enrolTotp(app.deps.database.db, request.merchant, request.session)),
  );

  app.post(
    '/wps/member/totp/confirm',
    {
      preHandler: requireSession(policy),
      schema: {
        tags,
        summary: 'Finish enrolment with a code from the app',
        body: totpCode,
        response: { 200: envelopeOf(z.null()), ...failures },
      },
    },
    async (request) => {
      await service.confirmTotp(app.deps.database.db, request.session, request.body.code);
      return ok(null);
    },
  );

  app.delete(
    '/wps/member/totp',
    {
      preHandler: requireSession(policy),
      schema: {
        tags,
        summary: 'Turn the authenticator off (needs a current code)',
        body: totpCode,
        response: { 200: envelopeOf(z.null()), ...failures },
      },
    },
    async (request) => {
      await service.disableTotp(app.deps.database.db, request.session, request.body.code);
      return ok(null);
    },
  );

  app.delete(
    '/wps/member/sessions/:id',
    {
      preHandler: requireSession(policy),
      schema: {
        tags,
        summary: 'Revoke one session of this account',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: envelopeOf(z.null()), ...failures },
      },
    },
    async (request) => {
      await service.revoke(app.deps.database.db, request.session, request.params.id);
      return ok(null);
    },
  );
};
