import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REFRESH_HEADER } from '@mawingu/contracts/auth-headers';
import {
  addUserRequest,
  loginRequest,
  otpChallenge,
  resendOtpRequest,
  sessionRequest,
  twoFactorAuthRequest,
  userDataList,
} from '@mawingu/contracts/auth';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { maskEmail } from '@mawingu/contracts/mask-email';
import { fill, messages } from '@mawingu/contracts/messages';
import type { FastifyRequest } from 'fastify';
import { reply } from '../../../http/envelope.ts';
import { namedLanguage, requestLanguage } from '../../../http/request-language.ts';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from '../../tenant/index.ts';
import { perAddress } from './limits.ts';
import type { LoginService } from './login-service.ts';
import { limitPerAddress } from './rate-limit.ts';
import type { SessionStore } from './session-store.ts';
import type { SignupService } from './signup-service.ts';

const errors = { 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };

function refreshTokenOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[REFRESH_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

type Deps = { company: CompanyService; signup: SignupService; login: LoginService; sessions: SessionStore };

/** Signup, login with an e-mailed code, and the session (spec sections 4 and 7). */
export function authRoutes({ company, signup, login, sessions }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/adduser',
      {
        config: limitPerAddress(perAddress.adduser),
        schema: {
          tags: ['accounts'],
          summary: 'Registers a customer of the site’s company and mails a signup code (409 when the e-mail is registered here)',
          body: addUserRequest,
          response: { 200: envelope(otpChallenge), 409: errorEnvelope, ...errors },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        const challenge = await signup.addUser(tenant, req.body, requestLanguage(req));
        return reply(res, challenge, fill(messages.otpSent, { email: maskEmail(challenge.emailId) }));
      },
    );

    app.post(
      '/login',
      {
        config: limitPerAddress(perAddress.login),
        schema: {
          tags: ['accounts'],
          summary: 'Checks e-mail and password and mails a login code (401 for either being wrong)',
          body: loginRequest,
          response: { 200: envelope(otpChallenge), 401: errorEnvelope, ...errors },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        const challenge = await login.login(tenant, req.body.emailID, req.body.password, req.ip, requestLanguage(req));
        return reply(res, challenge, fill(messages.otpSent, { email: maskEmail(challenge.emailId) }));
      },
    );

    app.post(
      '/twoFactorAuth',
      {
        config: limitPerAddress(perAddress.twoFactorAuth),
        schema: {
          tags: ['accounts'],
          summary: 'Checks the e-mailed code and starts the session; data[0] is the user data',
          body: twoFactorAuthRequest,
          response: { 200: envelope(userDataList), ...errors },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        const { userData, purpose } = await login.verifyOtp(tenant, req.body);
        return reply(res, [userData], purpose === 'signup' ? messages.loginSuccess : messages.otpVerified);
      },
    );

    app.post(
      '/resendOtp',
      {
        config: limitPerAddress(perAddress.resendOtp),
        schema: {
          tags: ['accounts'],
          summary: 'Mails a new code for the same challenge (5 new tries, 10 more minutes)',
          body: resendOtpRequest,
          response: { 200: envelope(z.null()), ...errors },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        const email = await login.resendOtp(tenant, req.body, requestLanguage(req));
        return reply(res, null, fill(messages.otpResent, { email: maskEmail(email) }));
      },
    );

    app.post(
      '/refreshToken',
      {
        config: limitPerAddress(perAddress.refreshToken),
        schema: {
          tags: ['accounts'],
          summary: 'Exchanges the refresh token (header `refreshtoken`) for a new token pair; a reused one ends the session',
          body: sessionRequest,
          response: { 200: envelope(userDataList), 401: errorEnvelope, ...errors },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body?.websiteUrl);
        return reply(res, [await login.refresh(tenant, refreshTokenOf(req), namedLanguage(req))]);
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Ends the session of the access token (or, when it has expired, of the refresh token)',
          body: sessionRequest,
          response: { 200: envelope(z.null()), 401: errorEnvelope, ...errors },
        },
      },
      async (req, res) => {
        const refreshToken = refreshTokenOf(req);
        if (req.customer) {
          await sessions.revoke(req.customer.sessionId);
        } else if (refreshToken) {
          const tenant = await requireTenant(company, req, req.body?.websiteUrl);
          await sessions.revokeByRefreshToken(tenant.id, refreshToken);
        } else {
          return reply(res, null, messages.loginRequired, 401);
        }
        return reply(res, null, messages.loggedOut);
      },
    );
  };
}
