import { describe, expect, it } from 'vitest';
import { slugProblem } from '../../../src/load/slug.ts';

describe('slugProblem', () => {
  it.each(['/', '/intro', 'setup', '/guides/setup/', 'nested/page', '/légacy-page'])('accepts the route %j', (slug) => {
    expect(slugProblem(slug)).toBeUndefined();
  });
  it.each([
    ['../x', 'it has a "." or ".." segment'],
    ['/a/../../x', 'it has a "." or ".." segment'],
    ['/a/./b', 'it has a "." or ".." segment'],
    ['a\\b', 'it contains a backslash'],
    ['C:/x', 'it starts with a URL scheme or a drive letter'],
    ['javascript:alert(1)', 'it starts with a URL scheme or a drive letter'],
    ['/a%2f..', 'it contains a percent escape'],
    ['/a?b', 'it contains "?" or "#"'],
    ['/a\nb', 'it contains a control character'],
    ['//evil/x', 'it has an empty segment ("//")'],
  ])('refuses %j: %s', (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem);
  });
});
