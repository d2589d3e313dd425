import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  balanceDto,
  confirmInput,
  confirmLoginInput,
  dataOf,
  forgotInput,
  forgotResponse,
  kopToUah,
  loginInput,
  loginResponse,
  profileInput,
  registerInput,
  registerResponse,
  restoreInput,
  stepUpResponse,
  tokenResponse,
  userDto,
} from '@drop/shared';
import { authedCtx, ctxOf, requireUser } from '../../plugins/auth.ts';
import { presentUser } from './auth.presenter.ts';
import { authRepo } from './auth.repository.ts';
import * as auth from './auth.service.ts';

const tags = ['auth'];
const signed = (r: { token: string; user: Parameters<typeof presentUser>[0] }) => ({ data: { token: r.token, user: presentUser(r.user) } });

/** /api/v1/auth */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/register', { schema: { tags, body: registerInput, response: { 201: dataOf(registerResponse) } } }, async (req, reply) =>
    reply.code(201).send({ data: await auth.register(ctxOf(req), req.body) }),
  );

  app.post('/confirm', { schema: { tags, body: confirmInput, response: { 200: dataOf(tokenResponse) } } }, async (req) =>
    signed(await auth.confirmRegistration(ctxOf(req), req.body)),
  );

  app.post('/login', { schema: { tags, body: loginInput, response: { 200: dataOf(loginResponse) } } }, async (req) => {
    const r = await auth.login(ctxOf(req), req.body);
    if (r.enabled_2fa) return { data: { enabled_2fa: true, attempt_id: r.attempt_id } };
    return { data: { enabled_2fa: false, token: r.token, user: presentUser(r.user) } };
  });

  app.post('/confirm-login', { schema: { tags, body: confirmLoginInput, response: { 200: dataOf(tokenResponse) } } }, async (req) =>
    signed(await auth.confirmLogin(ctxOf(req), req.body)),
  );

  app.get('/user', { onRequest: requireUser, schema: { tags, security: [{ bearer: [] }], response: { 200: dataOf(userDto) } } }, async (req) => ({
    data: presentUser(authedCtx(req).user),
  }));

  // Read from the users row, not from the session's cached user (SPEC 9 lets that lag 10 s): a page
  // reloading its balance on a realtime money event gets what was just committed (issue 26, point 2).
  app.get('/balance', { onRequest: requireUser, schema: { tags, security: [{ bearer: [] }], response: { 200: dataOf(balanceDto) } } }, async (req) => {
    const ctx = authedCtx(req);
    const row = await authRepo.balanceOf(ctx.db, ctx.user.id);
    return { data: { balance: kopToUah(Number(row?.balanceKop ?? ctx.user.balanceKop)) } };
  });

  app.put(
    '/profile',
    { onRequest: requireUser, schema: { tags, security: [{ bearer: [] }], body: profileInput, response: { 200: dataOf(userDto) } } },
    async (req) => ({
      data: presentUser(await auth.updateProfile(authedCtx(req), req.body)),
    }),
  );

  // Mails a step-up code: turning login_2fa or withdraw_2fa off sends its attempt_id and code.
  app.post('/step-up', { onRequest: requireUser, schema: { tags, security: [{ bearer: [] }], response: { 200: dataOf(stepUpResponse) } } }, async (req) => ({
    data: await auth.stepUp(authedCtx(req)),
  }));

  app.delete('/logout', { onRequest: requireUser, schema: { tags, security: [{ bearer: [] }] } }, async (req, reply) => {
    await auth.logout(authedCtx(req));
    return reply.code(204).send();
  });
};

/** /api/v1/password */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/forgot', { schema: { tags, body: forgotInput, response: { 200: dataOf(forgotResponse) } } }, async (req) => ({
    data: await auth.forgotPassword(ctxOf(req), req.body),
  }));
  app.post('/restore', { schema: { tags, body: restoreInput, response: { 200: dataOf(tokenResponse) } } }, async (req) =>
    signed(await auth.restorePassword(ctxOf(req), req.body)),
  );
};
