import { describe, expect, it } from 'vitest';
import { newsSlidesPerView } from './news-slides-per-view.ts';

describe('news carousel slides per view', () => {
  it.each([
    [320, 1],
    [390, 1],
    [464, 1],
    [465, 2],
    [1024, 2],
    [1025, 3],
    [1280, 3],
    [3000, 3],
    [3001, 5],
    [4000, 5],
  ])('at %i px shows %i', (width, slides) => {
    expect(newsSlidesPerView(width)).toBe(slides);
  });
});
