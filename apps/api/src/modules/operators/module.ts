import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { IdentityModule } from '../identity/index.ts';
import type { PlatformModule } from '../platform/index.ts';
import { accessRoutes } from './console.routes.ts';
import { createOperatorTokens } from '../../console/operator-tokens.ts';

type Deps = { config: Config; database: Database; queue: JobQueue; identity: IdentityModule; platform: PlatformModule };

/**
 * The console's own people: operators, their sign-in (password, TOTP), sessions and audit. Its
 * guard (`operator-guard.ts`) stands in front of every domain's console door.
 */
export function createOperatorsModule({ config, database, queue, identity, platform }: Deps) {
  // Another issuer than the customers' tokens.
  const operatorTokens = createOperatorTokens(identity.authSecret, config.operatorSessionTtlSeconds);
  return {
    operatorTokens,
    consoleRoutes: accessRoutes({ config, database, queue, secretBox: identity.secretBox, operatorTokens, mail: platform.mail }),
  };
}

export type OperatorsModule = ReturnType<typeof createOperatorsModule>;
