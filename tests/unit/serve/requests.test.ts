import { describe, expect, it } from 'vitest';
import { cleanRouteOf, hostAllowed, isSingleByteRange, originAllowed, sameOriginLocation } from '../../../src/serve/requests.ts';

describe('sameOriginLocation', () => {
  it.each([
    ['/docs/intro', '', '/docs/intro'],
    ['/docs/intro', '?q=1', '/docs/intro?q=1'],
    ['//evil.example/', '', '/evil.example/'],
    ['/\\evil.example/', '', '/%5Cevil.example/'],
    ['/a b?c#d', '', '/a%20b%3Fc%23d'],
    ['/x\n', '', '/x%0A'],
  ])('keeps %j on this server', (pathname, search, location) => {
    expect(sameOriginLocation(pathname, search)).toBe(location);
  });
});

describe('cleanRouteOf', () => {
  it('strips .html and /index.html, and leaves other paths', () => {
    expect(cleanRouteOf('/docs/intro.html')).toBe('/docs/intro');
    expect(cleanRouteOf('/docs/index.html')).toBe('/docs/');
    expect(cleanRouteOf('/docs/intro')).toBeUndefined();
  });
});

describe('hostAllowed', () => {
  const loopback = { host: '127.0.0.1', port: 3000 };
  it.each(['127.0.0.1:3000', 'localhost:3000', '[::1]:3000', 'LOCALHOST:3000'])('answers %s on a loopback address', (host) => {
    expect(hostAllowed(host, loopback)).toBe(true);
  });
  it.each(['evil.example:3000', 'localhost:3001', 'localhost', '127.0.0.1.evil.example:3000', 'localhost:3000:1', undefined])('refuses %s (DNS rebinding, another port, no header)', (host) => {
    expect(hostAllowed(host, loopback)).toBe(false);
  });
  it('answers the address given with --host', () => {
    expect(hostAllowed('192.0.2.7:8080', { host: '192.0.2.7', port: 8080 })).toBe(true);
    expect(hostAllowed('localhost:8080', { host: '192.0.2.7', port: 8080 })).toBe(false);
  });
});

describe('originAllowed', () => {
  const loopback = { host: '127.0.0.1', port: 3000 };
  it('allows the server own pages, and requests without an Origin', () => {
    expect(originAllowed('http://localhost:3000', loopback)).toBe(true);
    expect(originAllowed(undefined, loopback)).toBe(true);
  });
  it('refuses other sites and malformed origins', () => {
    expect(originAllowed('http://evil.example', loopback)).toBe(false);
    expect(originAllowed('null', loopback)).toBe(false);
    expect(originAllowed('https://localhost:3000', loopback)).toBe(false);
  });
});

describe('the Range headers serve answers', () => {
  it('serves one range of bytes: from a start, to an end, or a suffix', () => {
    for (const range of ['bytes=0-4', 'bytes=10-', 'bytes=-100', ' bytes=3-9 ']) expect(isSingleByteRange(range), range).toBe(true);
  });
  it('ignores anything else: malformed, several ranges, other units', () => {
    for (const range of ['bytes=abc', 'bytes=', 'bytes=0-1,3-4', 'items=0-4', 'bytes=-', 'bytes=1-2-3', 'bytes 0-4']) expect(isSingleByteRange(range), range).toBe(false);
  });
});
