import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { vmNameField } from './purchase.ts';
import { freeVmName, isVmName, normalVmName, productShortName, suggestVmName } from './vm-name.ts';

describe('VM names', () => {
  it('suggests the product short name and the lowest free number, whatever the case of names taken', () => {
    expect(productShortName('Ubuntu Server 24.04 LTS')).toBe('ubuntu-server');
    expect(productShortName('CentOS Stream 9 (Nairobi)')).toBe('centos-stream');
    expect(productShortName('Ubuntu 22.04 LTS')).toBe('ubuntu-22');
    expect(productShortName('(!)')).toBe('vm');
    expect(suggestVmName('Ubuntu Server 24.04 LTS', [])).toBe('ubuntu-server-1');
    expect(suggestVmName('Ubuntu Server 24.04 LTS', ['Ubuntu-Server-1', 'ubuntu-server-3'])).toBe('ubuntu-server-2');
  });

  it('numbers a name taken meanwhile', () => {
    expect(freeVmName('web', ['db'])).toBe('web');
    expect(freeVmName('web', ['WEB', 'web 2'])).toBe('web 3');
  });

  it('accepts readable names, spaces collapsed, and refuses the rest with one message', () => {
    expect(vmNameField.parse('  web   server 1 ')).toBe('web server 1');
    expect(vmNameField.parse('웹서버-1')).toBe('웹서버-1');
    for (const bad of ['', 'a', '-web', 'web/1', 'x'.repeat(41), 'web\u0000']) {
      const result = vmNameField.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.vmNameInvalid);
      expect(isVmName(normalVmName(bad)), bad).toBe(false);
    }
    expect(isVmName(normalVmName('  web   server 1 '))).toBe(true);
    expect(isVmName('웹서버-1')).toBe(true);
  });
});
