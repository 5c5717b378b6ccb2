import type { TrustProxy } from '../config';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. The client's address is the right-most
 * X-Forwarded-For entry that a trusted proxy added, so a client that forges the left part of the
 * chain still counts under its own address.
 *
 * - addresses: the peers in this list are proxies (Fastify's IP/CIDR list);
 * - hops: the last `hops` peers are proxies, whoever they are. Fastify 5.12 refuses a bare number
 *   (it cannot check the nearest peer), so the count is a trust function: use it only when the shop
 *   is reachable through its proxies alone.
 */
export function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
}
