import { describe, expect, it } from 'vitest';
import { thumbTarget, wrap } from './gallery-thumbs';
import { pointIn } from './use-photo-gestures';

describe('thumbTarget', () => {
  it('moves with the arrows, round at the ends, and jumps with Home and End', () => {
    expect(thumbTarget('ArrowRight', 3, 4)).toBe(0);
    expect(thumbTarget('ArrowUp', 0, 4)).toBe(3);
    expect(thumbTarget('Home', 2, 4)).toBe(0);
    expect(thumbTarget('End', 0, 4)).toBe(3);
    expect(thumbTarget('Enter', 0, 4)).toBeUndefined();
  });

  it('wraps an index among the photos', () => {
    expect(wrap(-1, 3)).toBe(2);
    expect(wrap(5, 0)).toBe(0);
  });
});

describe('pointIn', () => {
  it('answers the point in percent of the photo, kept inside it', () => {
    const box = { left: 100, top: 50, width: 200, height: 100 };
    expect(pointIn(box, 200, 100)).toEqual({ x: 50, y: 50 });
    expect(pointIn(box, 0, 400)).toEqual({ x: 0, y: 100 });
  });
});
