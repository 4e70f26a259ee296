import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PlatformModule } from '../platform/index.ts';
import type { TenantModule } from '../tenant/index.ts';
import { createSecretBox } from '../../integrations/secrets/secret-box.ts';
import { createAccessTokens } from './auth/access-tokens.ts';
import { createAuthModule } from './auth/auth-module.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { createSessionStore } from './auth/session-store.ts';
import { identityCustomerRoutes } from './customer.routes.ts';
import { createNotificationService } from './notifications/service.ts';
import { createProfileService } from './profile/service.ts';
import { updateProfileByOperator, type ProfileWriter } from './profile/console-profile.ts';

type Deps = { config: Config; database: Database; platform: PlatformModule; tenant: TenantModule };

/** Customers' accounts: signup, login, sessions, passwords, profile, the bell's notifications. */
export function createIdentityModule({ config, database, platform, tenant }: Deps) {
  const { db } = database;
  // The server's secret: customers' tokens, operators' tokens, console links, sealed secrets.
  const authSecret = resolveAuthSecret(config);
  const accessTokens = createAccessTokens(authSecret, config.accessTokenTtlSeconds);
  const sessions = createSessionStore(db, accessTokens, config.refreshTokenTtlDays);
  const notifications = createNotificationService(db);
  // Sealed secrets in the database (console: TOTP secrets, companies' own gateway credentials).
  const secretBox = createSecretBox(authSecret);
  const { company, countries, files } = tenant;
  const auth = createAuthModule({
    db,
    authSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    company,
    countries,
    sessions,
    mail: platform.mail,
  });
  const profile = createProfileService(db, files, countries);
  return {
    authSecret,
    secretBox,
    accessTokens,
    sessions,
    notifications,
    mailPasswordLink: auth.mailPasswordLink,
    mailSignupCode: auth.mailSignupCode,
    /** The console's profile edit (overview's customer page), with the customer's own country rules: the list read first, then the writer. */
    profileWriter: async (): Promise<ProfileWriter> => {
      const countryList = await countries.list();
      return (tx, companyId, customerId, input) => updateProfileByOperator(tx, countryList, companyId, customerId, input);
    },
    customerRoutes: identityCustomerRoutes({ auth: auth.routes, profile, notifications }),
  };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
