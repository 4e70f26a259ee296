import type { OperatorSession } from './operator-session.ts';

type Role = OperatorSession['operator']['role'];

/** One console section: `to` is relative to /admin; ":companyId" is the company being worked on. */
export type AdminNavItem = {
  key:
    | 'dashboard'
    | 'companies'
    | 'settings'
    | 'catalogue'
    | 'payments'
    | 'orders'
    | 'customers'
    | 'vms'
    | 'jobs'
    | 'tickets'
    | 'content'
    | 'audit'
    | 'operators'
    | 'auditAll';
  to: string;
  roles: Role[];
};

const ALL: Role[] = ['owner', 'admin', 'support'];
const MANAGERS: Role[] = ['owner', 'admin'];

/** The sections in menu order, with who may open them (the API enforces the same). */
export const ADMIN_NAV: AdminNavItem[] = [
  { key: 'dashboard', to: 'c/:companyId/dashboard', roles: ALL },
  { key: 'companies', to: 'companies', roles: ['owner'] },
  { key: 'settings', to: 'c/:companyId/settings', roles: MANAGERS },
  { key: 'catalogue', to: 'c/:companyId/catalogue', roles: MANAGERS },
  { key: 'payments', to: 'c/:companyId/payments', roles: MANAGERS },
  { key: 'orders', to: 'c/:companyId/orders', roles: ALL },
  { key: 'customers', to: 'c/:companyId/customers', roles: ALL },
  { key: 'vms', to: 'c/:companyId/vms', roles: ALL },
  { key: 'jobs', to: 'c/:companyId/jobs', roles: MANAGERS },
  { key: 'tickets', to: 'c/:companyId/tickets', roles: ALL },
  { key: 'content', to: 'c/:companyId/content', roles: MANAGERS },
  { key: 'audit', to: 'c/:companyId/audit', roles: MANAGERS },
  { key: 'operators', to: 'operators', roles: MANAGERS },
  { key: 'auditAll', to: 'audit', roles: ['owner'] },
];

/** A section of one company (under /admin/c/:companyId), as against the platform's (companies, operators, audit of all). */
export function isCompanyScoped(item: AdminNavItem): boolean {
  return item.to.includes(':companyId');
}

/**
 * The menu an operator sees: the company's sections, then the platform's (all companies) for the
 * owner. An admin's Operators are their own company's team, so for them it stays with the company's.
 */
export function navGroupsFor(role: Role): { company: AdminNavItem[]; platform: AdminNavItem[] } {
  const items = ADMIN_NAV.filter((item) => item.roles.includes(role));
  if (role !== 'owner') return { company: items, platform: [] };
  return { company: items.filter(isCompanyScoped), platform: items.filter((item) => !isCompanyScoped(item)) };
}

/**
 * The section a console address belongs to (null: none of the menu's, e.g. /admin itself), so the
 * layout can refuse a section the operator's role may not open, as the menu leaves it out.
 */
export function sectionOf(pathname: string): AdminNavItem | null {
  const rest = pathname.replace(/^\/admin\/?/, '');
  const scoped = /^c\/\d+\//.exec(rest);
  const first = (scoped ? rest.slice(scoped[0].length) : rest).split('/')[0];
  return ADMIN_NAV.find((item) => item.to === (scoped ? `c/:companyId/${first}` : first)) ?? null;
}

/** The absolute link of a section for the company in scope (null when it needs one and none is chosen). */
export function hrefOf(item: AdminNavItem, companyId: number | null): string | null {
  if (isCompanyScoped(item)) return companyId === null ? null : `/admin/${item.to.replace(':companyId', String(companyId))}`;
  return `/admin/${item.to}`;
}

/** The link of a company-scoped console page, e.g. adminHref(3, 'customers/12'). */
export function adminHref(companyId: number, rest: string): string {
  return `/admin/c/${companyId}/${rest.replace(/^\/+/, '')}`;
}
