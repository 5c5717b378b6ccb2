import { describe, expect, it } from 'vitest';
import { fieldErrors, pathsOf } from './chat-settings-form';

describe('fieldErrors', () => {
  it("folds a list item's message into its list's name, keeping the first", () => {
    expect(
      fieldErrors({ 'not_start_paths.2': 'Start a path with /', 'not_start_paths.4': 'Too long', notice: 'Too long' }),
    ).toEqual({ not_start_paths: 'Start a path with /', notice: 'Too long' });
    expect(fieldErrors(undefined)).toEqual({});
  });
});

describe('pathsOf', () => {
  it('reads one path a line, trimmed, without the empty lines', () => {
    expect(pathsOf(' /login \n\n/help/*\n  ')).toEqual(['/login', '/help/*']);
  });
});
