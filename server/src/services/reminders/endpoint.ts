import dns from 'node:dns';
import net from 'node:net';

import { AppError } from '../../errors';

/**
 * Addresses a push is never sent to: this network, private, shared (CGNAT), loopback,
 * link-local, documentation and benchmarking ranges, multicast, reserved; in IPv6 the
 * unspecified and loopback addresses, IPv4-mapped and -translated ones, ULA, link-local,
 * documentation, discard and multicast.
 */
const refused = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(prefix, bits, 'ipv6');
}

/** Whether `address` (an IP literal) is a public unicast address a push may go to. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as an allow-list compares it: lower case, without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/** The hosts of PUSH_ALLOW_HOSTS, as {@link hostOf} writes them. */
export function allowedHosts(list: readonly string[]): Set<string> {
  return new Set(
    list
      .map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\[(.*)\]$/, '$1'),
      )
      .filter(Boolean),
  );
}

const refusal = (message: string) =>
  new AppError('BAD_USER_INPUT', `endpoint: ${message}`, 'endpoint');

/**
 * The endpoint as a URL when a push may go there: https on a host whose every address is
 * public, or a host `allowed` admits (over http or https). Anything else is BAD_USER_INPUT.
 */
export async function checkEndpoint(endpoint: string, allowed: Set<string>): Promise<URL> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refusal('must be an https URL');
  }
  const host = hostOf(url);
  if (url.username || url.password) throw refusal('must not carry a user name or password');
  if (allowed.has(host)) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw refusal('must be an http or https URL');
    }
    return url;
  }
  if (url.protocol !== 'https:') throw refusal('must be an https URL');
  const addresses = net.isIP(host) ? [host] : await resolveAll(host);
  if (addresses.length === 0) throw refusal(`${host} does not resolve`);
  if (!addresses.every(isPublicAddress)) {
    throw refusal('must be on a public address (not private, loopback or link-local)');
  }
  return url;
}

async function resolveAll(host: string): Promise<string[]> {
  try {
    return (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return [];
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the sockets pushes go out on: resolves as dns.lookup does and fails the
 * connection when any address is not public, so an endpoint whose name changed to a private
 * address since it was checked is refused at send time too (and no second resolution can differ
 * from the one checked).
 */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad || addresses.length === 0) {
      const refusedError: NodeJS.ErrnoException = new Error(
        `push endpoint ${hostname} resolves to a non-public address`,
      );
      refusedError.code = 'EPUSHREFUSED';
      callback(refusedError, []);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
