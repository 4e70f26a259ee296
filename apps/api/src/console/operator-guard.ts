import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { MAX_ID } from '@mawingu/contracts/ids';
import type { Db } from '../db/client.ts';
import { companies, operators, operatorSessions } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { OperatorClaims, OperatorRole, OperatorTokens } from './operator-tokens.ts';

/** The operator a console request acts for: the token's claims and who they are, for the audit log. */
export type Operator = OperatorClaims & { email: string; name: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on /api/admin requests whose bearer token is a live console session of an enabled operator. */
    operator?: Operator;
  }
  interface FastifyInstance {
    /** Every /api/admin route with the roles its guard lets in (null: no guard) and its schema, for the authorization walk and bad-input tests. */
    adminRouteTable: AdminRouteInfo[];
  }
}

export type AdminRouteInfo = { method: string; url: string; roles: OperatorRole[] | null; schema?: FastifySchema };

/** The roles a route's `requireOperator` guard admits, read from its onRequest hooks. */
function guardRolesOf(onRequest: unknown): OperatorRole[] | null {
  const hooks = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
  for (const hook of hooks) {
    const roles = (hook as { operatorRoles?: OperatorRole[] }).operatorRoles;
    if (roles) return roles;
  }
  return null;
}

export const ADMIN_PREFIX = '/api/admin';

function bearerOf(req: FastifyRequest): string | undefined {
  const token = req.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
  return token ? token : undefined;
}

/**
 * Identifies the operator on console calls. The session must be live (not revoked, not expired)
 * and the operator not disabled, so logout and disabling take effect at once. Customer tokens have
 * another issuer and never verify here.
 */
export function registerOperatorIdentification(app: FastifyInstance, deps: { db: Db; tokens: OperatorTokens }) {
  const table: AdminRouteInfo[] = [];
  app.decorate('adminRouteTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${ADMIN_PREFIX}/`)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, roles: guardRolesOf(route.onRequest), schema: route.schema });
    }
  });
  const identify = async (req: FastifyRequest, token: string) => {
    const claims = await deps.tokens.verify(token);
    if (!claims) return;
    const [row] = await deps.db
      .select({ email: operators.email, name: operators.name, role: operators.role, companyId: operators.companyId })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.id, claims.sessionId),
          eq(operatorSessions.operatorId, claims.operatorId),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, new Date()),
          isNull(operators.disabledAt),
        ),
      )
      .limit(1);
    if (!row) return;
    // The row, not the token, is the authority on role and company (a change applies at once).
    req.operator = { ...claims, role: row.role as OperatorRole, companyId: row.companyId, email: row.email, name: row.name };
    // Company-scoped routes refuse another company's operator here, before the body is validated:
    // an operator out of scope gets 404 whatever they send (not a 400 naming fields).
    if (req.routeOptions.url?.includes(':companyId')) await companyInScope(deps.db, req);
  };
  // Callback style: the site's requests (not the console's) pass without a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const token = req.url.startsWith(`${ADMIN_PREFIX}/`) ? bearerOf(req) : undefined;
    if (!token) return done();
    identify(req, token).then(() => done(), done);
  });
}

/** onRequest guard of a console call: 401 without a live session, 403 for a role not listed. */
export function requireOperator(...roles: OperatorRole[]) {
  const guard = async (req: FastifyRequest) => {
    if (!req.operator) throw new AppError('unauthorized', 401, adminMessages.loginRequired);
    if (!roles.includes(req.operator.role)) throw new AppError('forbidden', 403, adminMessages.forbidden);
  };
  // Read by the route table (adminRouteTable) so a test can walk every route with every caller.
  return Object.assign(guard, { operatorRoles: roles });
}

export const ANY_OPERATOR: OperatorRole[] = ['owner', 'admin', 'support'];
export const MANAGERS: OperatorRole[] = ['owner', 'admin'];

/** The operator of a route guarded by `requireOperator`. */
export function operatorOf(req: FastifyRequest): Operator {
  if (!req.operator) throw new AppError('unauthorized', 401, adminMessages.loginRequired);
  return req.operator;
}

/**
 * The company a company-scoped call (`/api/admin/companies/:companyId/...`) acts on. The owner may
 * name any existing company; an admin or support operator only their own. Anything else is 404, so
 * an operator learns nothing about other companies (not even that they exist).
 */
const scopeChecked = new WeakMap<FastifyRequest, number>();

export async function companyInScope(db: Db, req: FastifyRequest): Promise<number> {
  const checked = scopeChecked.get(req);
  if (checked !== undefined) return checked;
  const companyId = await resolveCompanyInScope(db, req);
  scopeChecked.set(req, companyId);
  return companyId;
}

async function resolveCompanyInScope(db: Db, req: FastifyRequest): Promise<number> {
  const operator = operatorOf(req);
  const raw = (req.params as { companyId?: unknown } | undefined)?.companyId;
  const companyId = Number(raw);
  // Beyond int4 no company exists (and PostgreSQL would refuse to compare).
  if (!Number.isInteger(companyId) || companyId <= 0 || companyId > MAX_ID) throw AppError.notFound(adminMessages.companyNotFound);
  if (operator.role !== 'owner') {
    if (operator.companyId !== companyId) throw AppError.notFound(adminMessages.companyNotFound);
    return companyId;
  }
  const [found] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!found) throw AppError.notFound(adminMessages.companyNotFound);
  return companyId;
}
