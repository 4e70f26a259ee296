import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('file sizes', () => {
  it.each([
    [13, '13 bytes'],
    [1, '1 byte'],
    [1023, '1,023 bytes'],
    [1024, '1 kB'],
    [1536, '1.5 kB'],
    [20 * 1024 * 1024, '20 MB'],
    [2.25 * 1024 * 1024, '2.3 MB'],
  ])('%i bytes read "%s", never rounded up to a kilobyte', (bytes, text) => {
    expect(formatFileSize(bytes, 'en')).toBe(text);
  });

  it('speaks the page’s language', () => {
    expect(formatFileSize(13, 'ko')).toBe('13바이트');
  });
});
