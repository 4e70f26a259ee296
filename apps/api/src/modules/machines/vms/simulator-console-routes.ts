import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@mawingu/contracts/messages';
import type { Hypervisor, HypervisorVm } from '../../../integrations/hypervisors/hypervisor.ts';
import type { ConsoleTokens } from './console-token.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#111;color:#eee;margin:0;padding:2rem}main{max-width:40rem;margin:auto}
pre{background:#000;color:#9f9;padding:1rem;border-radius:6px;overflow:auto}dt{color:#aaa}dd{margin:0 0 .75rem}</style></head>
<body><main>${body}</main></body></html>`;
}

function machinePage(machine: HypervisorVm): string {
  const rows: [string, string][] = [
    ['Name', machine.name],
    ['State', machine.state],
    ['CPU', `${machine.cpu} cores`],
    ['RAM', `${machine.ramGb} GB`],
    ['Disk', `${machine.diskGb} GB`],
  ];
  const list = rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('');
  const prompt = machine.state === 'running' ? `${machine.name} login: _` : `[ the machine is ${machine.state} ]`;
  return page(`Console: ${machine.name}`, `<h1>Simulator console</h1><dl>${list}</dl><pre>${escapeHtml(prompt)}</pre>`);
}

/**
 * GET /simulator/console/{externalId}?token=…: the simulator's stand-in for a hypervisor console.
 * Outside /api and without the customer's headers (it opens in a new window), so the signed token
 * viewVM made is the only proof; a wrong or expired one gets a 403 page that says nothing more.
 */
export function simulatorConsoleRoutes(simulator: Hypervisor, tokens: ConsoleTokens): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/simulator/console/:externalId',
      {
        schema: {
          hide: true,
          params: z.object({ externalId: z.string().max(200) }),
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      async (req, res) => {
        const { externalId } = req.params;
        // The token is in the address: never sent on as a referrer, never cached.
        res.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8');
        if (!tokens.verify(externalId, req.query.token)) {
          return res.code(403).send(page('Console', `<h1>Console</h1><p>${escapeHtml(messages.consoleLinkInvalid)}</p>`));
        }
        const machine = await simulator.getVm(externalId);
        if (!machine || machine.state === 'deleted') {
          return res.code(404).send(page('Console', `<h1>Console</h1><p>${escapeHtml(messages.consoleUnavailable)}</p>`));
        }
        return res.send(machinePage(machine));
      },
    );
  };
}
