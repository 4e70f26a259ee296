/**
 * What a production server must be given (config.ts refuses to start without it), for tests that
 * load the production configuration. Nothing listens at the SMTP address: these tests send no mail.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  AUTH_SECRET: 'test-secret-for-production-configuration-0123456789',
} as const;
