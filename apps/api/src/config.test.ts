import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { configProblems } from '../test/config-problems.ts';

describe('configuration from the environment', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      env: 'development',
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('follows PORT for the public URL and takes PUBLIC_URL without its trailing slash', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://cloud.example.co.za/' }).publicUrl).toBe('https://cloud.example.co.za');
  });

  it('checks domains at the registry (RDAP) in production and on the local list elsewhere, unless DOMAIN_CHECK says', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:25', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).domainCheck).toBe('rdap');
    expect(loadConfig({ ...production, DOMAIN_CHECK: 'local' }).domainCheck).toBe('local');
    expect(loadConfig({}).domainCheck).toBe('local');
    expect(loadConfig({ DOMAIN_CHECK: 'rdap' })).toMatchObject({ domainCheck: 'rdap', rdapUrl: 'https://rdap.verisign.com/com/v1' });
  });

  it('treats an empty optional URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({ databaseUrl: undefined, smtpUrl: undefined });
  });

  it('fails fast listing every bad variable by name', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', NODE_ENV: 'staging' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'NODE_ENV']) expect(text).toContain(`${name}:`);
    expect(text).toContain('DATABASE_URL must start with postgres:// or postgresql://');
  });

  it('takes REDIS_URL for shared rate limits, and names it in one line when it is not a Redis address', () => {
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2' }).redisUrl).toBe('rediss://:secret@cache.internal:6380/2');
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(configProblems({ REDIS_URL: 'http://cache.internal:6379' })).toEqual([
      '  REDIS_URL: REDIS_URL must start with redis:// or rediss://',
    ]);
  });

  it('lets new requests in 8 a turn on PostgreSQL unless ADMIT_PER_TURN says (0: all at once), and names a bad figure', () => {
    expect(loadConfig({}).admitPerTurn).toBe(8);
    expect(loadConfig({ ADMIT_PER_TURN: '0' }).admitPerTurn).toBe(0);
    expect(loadConfig({ ADMIT_PER_TURN: '32' }).admitPerTurn).toBe(32);
    expect(configProblems({ ADMIT_PER_TURN: '-1' })[0]).toMatch(/^ {2}ADMIT_PER_TURN: /);
    expect(configProblems({ ADMIT_PER_TURN: 'many' })[0]).toMatch(/^ {2}ADMIT_PER_TURN: /);
  });

  describe('in production', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtps://mailer:pw@mail.example.co.za:465', AUTH_SECRET: 'a'.repeat(32) };
    const problemsOf = configProblems;

    it('starts with SMTP_URL and AUTH_SECRET', () => {
      expect(loadConfig(production)).toMatchObject({ env: 'production', smtpUrl: production.SMTP_URL, authSecret: production.AUTH_SECRET });
    });

    it('refuses to start without SMTP_URL: no one-time code would ever arrive', () => {
      expect(problemsOf({ ...production, SMTP_URL: '' })).toEqual([expect.stringMatching(/^ {2}SMTP_URL: required in production/)]);
    });

    it('refuses to start without AUTH_SECRET: each instance would sign with a key of its own', () => {
      expect(problemsOf({ ...production, AUTH_SECRET: '' })).toEqual([expect.stringMatching(/^ {2}AUTH_SECRET: required in production/)]);
    });

    it('names both, one line each, when both are missing', () => {
      expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
        expect.stringMatching(/^ {2}SMTP_URL: required in production/),
        expect.stringMatching(/^ {2}AUTH_SECRET: required in production/),
      ]);
    });

    it('asks neither outside production (the outbox and a key in DATA_DIR serve development)', () => {
      expect(problemsOf({})).toEqual([]);
      expect(problemsOf({ NODE_ENV: 'test' })).toEqual([]);
    });
  });
});
