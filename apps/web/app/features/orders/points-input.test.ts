import { describe, expect, it } from 'vitest';
import { readPoints } from './points-input';

describe('the checkout’s points field', () => {
  it('takes nothing typed as no points', () => {
    expect(readPoints('', 300)).toEqual({ points: 0, error: '' });
    expect(readPoints('  ', 300)).toEqual({ points: 0, error: '' });
  });

  it('takes a whole number up to the most the order takes', () => {
    expect(readPoints('250', 300)).toEqual({ points: 250, error: '' });
    expect(readPoints(' 300 ', 300)).toEqual({ points: 300, error: '' });
  });

  it('refuses more than the most, naming it', () => {
    expect(readPoints('301', 300)).toEqual({ points: 0, error: 'At most 300 points can be used on this order' });
    expect(readPoints('1', 0)).toEqual({ points: 0, error: 'Points cannot be used on this order' });
  });

  it('refuses what is not a whole number of points', () => {
    for (const typed of ['-5', '1.5', '1e3', 'abc', '1234567890']) {
      expect(readPoints(typed, 10_000).error).toBe('Enter a whole number of points');
    }
  });
});
