import { describe, expect, it } from 'vitest';
import { textMatcher } from './text-matcher.ts';

const match = textMatcher({
  plain: 'Not found',
  port: 'Port {port} ({protocol}) is already in use',
  unit: '{field} must be {unit}',
  processor: 'Processor must be {count} for {memory} of memory',
});

describe('textMatcher', () => {
  it('knows a text as it is, and one with its placeholders filled in, with the values', () => {
    expect(match('Not found')).toEqual({ key: 'plain', values: {} });
    expect(match('Port 8080 (UDP) is already in use')).toEqual({ key: 'port', values: { port: '8080', protocol: 'UDP' } });
  });

  it('prefers the template with the most fixed words', () => {
    expect(match('Processor must be 2 for 4 GB of memory')).toEqual({ key: 'processor', values: { count: '2', memory: '4 GB' } });
    expect(match('Memory unit must be GB')).toEqual({ key: 'unit', values: { field: 'Memory unit', unit: 'GB' } });
  });

  it('knows nothing else', () => {
    expect(match('Back at 14:00 SAST')).toBeNull();
    expect(match('Port  is already in use')).toBeNull();
  });
});
