import dns from 'node:dns';
import net from 'node:net';

/**
 * Where deliveries may not go unless the instance allows it: loopback, private, shared (CGNAT),
 * link-local (cloud metadata), unspecified, multicast and reserved ranges, IPv4 and IPv6.
 */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net6, prefix, 'ipv6');

/** Whether an address is one deliveries may not reach (an IPv4-mapped IPv6 address counts as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

/** A delivery URL's shape: http or https with a host; answers the parsed URL or null. */
export function parseTarget(raw: string): URL | null {
  try {
    const url = new URL(raw);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password)
      return null;
    return url;
  } catch {
    return null;
  }
}

export class PrivateAddressError extends Error {}

/**
 * A `lookup` for http(s).request that refuses private addresses: the address checked is the one
 * connected to, so a name that resolves differently later (DNS rebinding) cannot slip through.
 */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      if (bad || !list.length) return callback(new PrivateAddressError(hostname), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0] as dns.LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * A host as the resolver sees it: lower case, brackets and the trailing dots of a fully qualified
 * name taken off (`LOCALHOST.` is `localhost`, `169.254.169.254.` that address).
 */
export function normalizeHost(host: string): string {
  return host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.+$/, '');
}

/**
 * A target's host when it is saved: `unresolved` when the name resolves to no address now (saved, it
 * could not be checked), `refused` when it is or resolves to an address `refused` says no to, else `ok`.
 * The connection checks again (a name may resolve elsewhere later).
 */
export async function checkHost(
  rawHost: string,
  refused: (address: string) => boolean,
): Promise<'ok' | 'refused' | 'unresolved'> {
  const host = normalizeHost(rawHost);
  if (!host) return 'unresolved';
  if (net.isIP(host)) return refused(host) ? 'refused' : 'ok';
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    if (!addresses.length) return 'unresolved';
    return addresses.some((a) => refused(a.address)) ? 'refused' : 'ok';
  } catch {
    return 'unresolved';
  }
}

/** A webhook URL at save: its host normalised in place, then checked (private ones unless allowed). */
export async function checkTarget(url: URL, allowPrivate: boolean): Promise<'ok' | 'refused' | 'unresolved'> {
  const host = normalizeHost(url.hostname);
  if (!net.isIPv6(host) && host !== url.hostname) url.hostname = host;
  return checkHost(host, (a) => !allowPrivate && isPrivateAddress(a));
}
