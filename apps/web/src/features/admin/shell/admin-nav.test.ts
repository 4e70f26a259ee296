import { describe, expect, it } from 'vitest';
import { navGroupsFor } from './admin-nav.ts';

const keys = (role: Parameters<typeof navGroupsFor>[0]) => {
  const groups = navGroupsFor(role);
  return { company: groups.company.map((i) => i.key), platform: groups.platform.map((i) => i.key) };
};

describe('the console menu', () => {
  it('gives the owner the company’s sections and, apart, those over all companies', () => {
    const { company, platform } = keys('owner');
    expect(company).toContain('customers');
    expect(company).not.toContain('operators');
    expect(platform).toEqual(['companies', 'operators', 'auditAll']);
  });

  it('keeps an admin’s Operators (their own company’s team) with the company’s sections, under no "All companies"', () => {
    const { company, platform } = keys('admin');
    expect(company.at(-1)).toBe('operators');
    expect(company).not.toContain('companies');
    expect(platform).toEqual([]);
  });

  it('shows support only the sections support may open', () => {
    expect(keys('support')).toEqual({
      company: ['dashboard', 'orders', 'customers', 'vms', 'tickets'],
      platform: [],
    });
  });
});
