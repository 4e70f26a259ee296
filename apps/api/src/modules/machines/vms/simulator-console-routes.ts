import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@mawingu/contracts/messages';
import type { SimulatorHypervisor } from '../../../integrations/hypervisors/simulator.ts';
import type { ConsoleTokens } from './console-token.ts';
import { escapeHtml, loginPage, page, runCommand, shellPage } from './simulator-console-page.ts';

const FORM = 'application/x-www-form-urlencoded';
const TRANSCRIPT_MAX = 6000;
const text = (max: number) => z.string().max(max).optional().default('');

/**
 * /simulator/console/{externalId}: the simulator's stand-in for a hypervisor console, a terminal
 * that asks for the login and password the machine was made with (ADR 0100) and then shows a
 * shell prompt. Outside /api and without the customer's headers (it opens in a new window), so the
 * signed token viewVM made is the proof for every step; after the login a second token, bound to
 * the machine and the user, keeps the shell open. The password is checked by the simulated guest
 * (its crypt hash) and never echoed or kept.
 */
export function simulatorConsoleRoutes(simulator: SimulatorHypervisor, tokens: ConsoleTokens): FastifyPluginAsyncZod {
  return async (app) => {
    if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
    app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const params = z.object({ externalId: z.string().max(200) });
    const shellKey = (externalId: string, user: string) => `${externalId}:shell:${user}`;

    app.addHook('onSend', async (_req, res) => {
      // Tokens are in the address and the form: never sent on as a referrer, never cached.
      res.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    });
    const refuse = (res: import('fastify').FastifyReply, status: number, message: string) =>
      res
        .code(status)
        .type('text/html; charset=utf-8')
        .send(page('Console', `<h1>Console</h1><p>${escapeHtml(message)}</p>`));

    async function machineOr404(externalId: string) {
      const machine = await simulator.getVm(externalId);
      return machine && machine.state !== 'deleted' ? machine : null;
    }

    app.get(
      '/simulator/console/:externalId',
      { schema: { hide: true, params, querystring: z.object({ token: z.string().max(200).optional() }) } },
      async (req, res) => {
        const { externalId } = req.params;
        if (!tokens.verify(externalId, req.query.token)) return refuse(res, 403, messages.consoleLinkInvalid);
        const machine = await machineOr404(externalId);
        if (!machine) return refuse(res, 404, messages.consoleUnavailable);
        return res.type('text/html; charset=utf-8').send(loginPage(machine, req.url.split('?')[0]!, req.query.token!));
      },
    );

    app.post(
      '/simulator/console/:externalId',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: { hide: true, params, body: z.object({ token: text(200), login: text(100), password: text(200) }) },
      },
      async (req, res) => {
        const { externalId } = req.params;
        const { token, login, password } = req.body;
        if (!tokens.verify(externalId, token)) return refuse(res, 403, messages.consoleLinkInvalid);
        const machine = await machineOr404(externalId);
        if (!machine) return refuse(res, 404, messages.consoleUnavailable);
        const action = req.url.split('?')[0]!;
        res.type('text/html; charset=utf-8');
        if (!(await simulator.checkLogin(externalId, login, password))) return res.send(loginPage(machine, action, token, true));
        const shell = tokens.sign(shellKey(externalId, login));
        const welcome = `${machine.name} login: ${login}\nPassword:\nWelcome to ${machine.name}.\nLast login: ${new Date().toUTCString()} on tty1\n`;
        return res.send(shellPage(machine, login, `${action}/shell`, { shell, user: login, transcript: welcome }, welcome));
      },
    );

    app.post(
      '/simulator/console/:externalId/shell',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          hide: true,
          params,
          body: z.object({ shell: text(200), user: text(100), transcript: text(TRANSCRIPT_MAX * 2), command: text(500) }),
        },
      },
      async (req, res) => {
        const { externalId } = req.params;
        const { shell, user, command } = req.body;
        if (!user || !tokens.verify(shellKey(externalId, user), shell)) return refuse(res, 403, messages.consoleLinkInvalid);
        const machine = await machineOr404(externalId);
        if (!machine) return refuse(res, 404, messages.consoleUnavailable);
        res.type('text/html; charset=utf-8');
        if (command.trim() === 'exit' || command.trim() === 'logout') {
          return res.send(
            page(
              `Console: ${machine.name}`,
              `<h1>Console</h1><pre>logout\n\nThe session has ended. Open the console again from your account.</pre>`,
            ),
          );
        }
        const answer = runCommand(machine, user, command);
        const transcript = `${req.body.transcript}${user}@${machine.name}:~$ ${command}\n${answer ? `${answer}\n` : ''}`.slice(
          -TRANSCRIPT_MAX,
        );
        return res.send(shellPage(machine, user, req.url, { shell, user, transcript }, transcript));
      },
    );
  };
}
