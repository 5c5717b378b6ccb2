import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { trustProxyOption } from './trust-proxy';

/** The address Fastify gives a request from `peer` carrying `forwardedFor`, under TRUST_PROXY=`setting`. */
async function clientAddress(setting: string | undefined, peer: string, forwardedFor?: string) {
  const config = loadConfig(setting === undefined ? {} : { TRUST_PROXY: setting });
  const app = Fastify({ trustProxy: trustProxyOption(config.trustProxy) });
  app.get('/ip', async (request) => request.ip);
  const response = await app.inject({
    url: '/ip',
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return response.body;
}

// The proxy in front appends the address it saw to the chain; everything left of it is the client's word.
const cases: Array<[setting: string | undefined, peer: string, chain: string | undefined, expected: string]> = [
  // unset: X-Forwarded-For is ignored
  [undefined, '203.0.113.7', '198.51.100.1', '203.0.113.7'],
  [undefined, '203.0.113.7', undefined, '203.0.113.7'],
  ['false', '203.0.113.7', '198.51.100.1', '203.0.113.7'],
  ['0', '203.0.113.7', '198.51.100.1', '203.0.113.7'],
  // one proxy: the entry it added, whatever the client put before it
  ['1', '10.0.0.2', '203.0.113.7', '203.0.113.7'],
  ['1', '10.0.0.2', '198.51.100.1, 203.0.113.7', '203.0.113.7'],
  ['1', '10.0.0.2', '1.1.1.1, 2.2.2.2, 203.0.113.7', '203.0.113.7'],
  ['1', '10.0.0.2', undefined, '10.0.0.2'],
  // two proxies: the entry the outer one added
  ['2', '10.0.0.2', '198.51.100.1, 203.0.113.7, 10.0.0.1', '203.0.113.7'],
  ['2', '10.0.0.2', '203.0.113.7, 10.0.0.1', '203.0.113.7'],
  ['2', '10.0.0.2', '10.0.0.1', '10.0.0.1'],
  // a list: only those peers are believed, hop after hop
  ['10.0.0.0/8', '10.0.0.2', '198.51.100.1, 203.0.113.7', '203.0.113.7'],
  ['10.0.0.0/8', '10.0.0.2', '198.51.100.1, 203.0.113.7, 10.0.0.1', '203.0.113.7'],
  ['10.0.0.0/8,127.0.0.1', '127.0.0.1', '203.0.113.7, 10.0.0.9', '203.0.113.7'],
  ['10.0.0.0/8', '203.0.113.7', '198.51.100.1', '203.0.113.7'],
  ['loopback', '::1', '198.51.100.1, 203.0.113.7', '203.0.113.7'],
];

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it.each(cases)('TRUST_PROXY=%s, peer %s, X-Forwarded-For %s → %s', async (setting, peer, chain, expected) => {
    expect(await clientAddress(setting, peer, chain)).toBe(expected);
  });
});
