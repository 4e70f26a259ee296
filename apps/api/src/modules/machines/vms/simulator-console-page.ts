/**
 * The simulator console's pages: a text terminal made of plain HTML forms (no script: the site's
 * CSP allows only its own), with the guest's login prompt, a password prompt and, once in, a shell
 * prompt that answers a few commands.
 */
import type { HypervisorVm } from '../../../integrations/hypervisors/hypervisor.ts';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{margin:0;background:#0b0f0c;color:#c8f7c5;font:15px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
main{max-width:60rem;margin:0 auto;padding:1.25rem}h1{font:600 13px system-ui,sans-serif;color:#7a8f7b;margin:0 0 1rem;letter-spacing:.04em;text-transform:uppercase}
pre{margin:0;white-space:pre-wrap;word-break:break-word}form{margin:0}label{display:flex;gap:.5ch;align-items:baseline;flex-wrap:wrap}
input{flex:1;min-width:8ch;background:transparent;border:0;border-bottom:1px dashed #3c5a3e;color:#e9ffe7;font:inherit;padding:0;outline:none;caret-color:#9f9}
input:focus{border-bottom-color:#9f9}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}.err{color:#ff9b8f}`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');

/** The boot banner and the login prompt; `error` after a refused login. */
export function loginPage(machine: HypervisorVm, action: string, token: string, error = false): string {
  const banner = `${machine.name} (${machine.state}): ${machine.cpu} cores, ${machine.ramGb} GB memory, ${machine.diskGb} GB disk\n\n`;
  const refused = error ? `<pre class="err" role="alert">Login incorrect</pre>\n` : '';
  const form =
    machine.state === 'running'
      ? `<form method="post" action="${escapeHtml(action)}" autocomplete="off">${hidden({ token })}
<label><span>${escapeHtml(machine.name)} login:</span><input name="login" autofocus required autocapitalize="off" spellcheck="false" aria-label="login"></label>
<label><span>Password:</span><input name="password" type="password" required aria-label="Password"></label>
<button class="sr" type="submit">Log in</button></form>`
      : `<pre>[ the machine is ${escapeHtml(machine.state)} ]</pre>`;
  return page(`Console: ${machine.name}`, `<h1>Console</h1><pre>${escapeHtml(banner)}</pre>${refused}${form}`);
}

/** The shell after a login: what was typed and answered so far, and a fresh prompt. */
export function shellPage(machine: HypervisorVm, user: string, action: string, fields: Record<string, string>, transcript: string): string {
  const prompt = `${user}@${machine.name}:~$`;
  const form = `<form method="post" action="${escapeHtml(action)}" autocomplete="off">${hidden(fields)}
<label><span>${escapeHtml(prompt)}</span><input name="command" autofocus autocapitalize="off" spellcheck="false" aria-label="command"></label>
<button class="sr" type="submit">Run</button></form>`;
  return page(`Console: ${machine.name}`, `<h1>Console</h1><pre data-testid="transcript">${escapeHtml(transcript)}</pre>${form}`);
}

/** What the simulated shell answers. */
export function runCommand(machine: HypervisorVm & { address?: string | null }, user: string, command: string): string {
  const [name = '', ...args] = command.trim().split(/\s+/);
  switch (name) {
    case '':
      return '';
    case 'whoami':
      return user;
    case 'hostname':
      return machine.name;
    case 'uname':
      return args.includes('-a') ? `Linux ${machine.name} 6.8.0-generic #1 SMP x86_64 GNU/Linux` : 'Linux';
    case 'ip':
    case 'ifconfig':
      return `eth0: inet ${machine.address ?? '10.0.0.2'}/24`;
    case 'nproc':
      return String(machine.cpu);
    case 'free':
      return `Mem: ${machine.ramGb}Gi total`;
    case 'ls':
      return '';
    case 'pwd':
      return `/home/${user}`;
    case 'help':
      return 'This is the simulator: whoami, hostname, uname -a, ip, nproc, free, pwd, ls, exit';
    default:
      return `${name}: command not found`;
  }
}
