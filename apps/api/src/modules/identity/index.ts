// The identity domain's public entry: what other domains may import from it (lint enforces it,
// docs/decisions/0092-domain-boundaries-in-lint.md). Everything else in the folder is its own.
export { createWindowCounters } from './auth/attempt-counters.ts';
export { reactivateAccount, suspendAccount } from './auth/account-suspension.ts';
export { closeAccount } from './auth/account-closure.ts';
export type { SignupCodeOutcome } from './auth/signup-code-resend.ts';
export type { ConsoleProfileUpdate, ProfileChanges, ProfileWriter } from './profile/console-profile.ts';
export { resolveAuthSecret } from './auth/auth-secret.ts';
export { createCustomerAccounts } from './auth/customer-accounts.ts';
export { createLoginGuard } from './auth/login-guard.ts';
export type { LoginGuard, LoginLimits } from './auth/login-guard.ts';
export { decoyHash, hashPassword, verifyPassword } from './auth/passwords.ts';
export { limitPerAddress } from './auth/rate-limit.ts';
export type { IdentityModule } from './module.ts';
export { createNotificationService } from './notifications/service.ts';
export { notifyEach, type Notice } from './notifications/notify-each.ts';
export type { NotificationService } from './notifications/service.ts';
export type { SupportSessions, SupportOperator } from './support-sessions/service.ts';
export { SUPPORT_SESSION_MINUTES } from './support-sessions/service.ts';
export { erasePersonalIdentity, identityPersonalData } from './profile/personal-data.ts';
export type { PersonalRows } from './profile/personal-data.ts';
export { customerContactsOf, customerNamesOf, customerProfileOf } from './profile/customer-reads.ts';
export { customerByIdOrEmail, customerIdsLike, customersMatching } from './profile/customer-search.ts';
