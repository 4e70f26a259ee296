import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

/** The lines under "Invalid configuration:", one per problem; none when the configuration loads. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message.split('\n').slice(1);
  }
  return [];
}
