import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/** JSON logs for machines; readable lines when a person watches a development terminal. */
export function createLogger(config: Config): Logger {
  const pretty = config.env !== 'production' && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}
