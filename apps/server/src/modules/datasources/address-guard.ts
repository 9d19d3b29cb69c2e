import dns from 'node:dns';
import net from 'node:net';
import { isPrivateAddress } from '../webhooks/guard.js';

/**
 * Where a data source may never connect, whatever the deployment: link-local (cloud metadata at
 * 169.254.169.254, fe80::/10), the unspecified address, multicast and reserved ranges, and the
 * metadata addresses clouds put elsewhere (Alibaba 100.100.100.200, AWS fd00:ec2::254). Loopback and
 * private addresses are allowed unless DATASOURCE_ALLOW_PRIVATE is off (ARCHITECTURE.md).
 */
const never = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.100.100.200', 32],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  never.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::', 128],
  ['fe80::', 10],
  ['fd00:ec2::254', 128],
  ['ff00::', 8],
] as const)
  never.addSubnet(a, p, 'ipv6');

export function isRefusedAddress(address: string, allowPrivate: boolean): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped?.[1] ?? address;
  const family = net.isIP(plain);
  if (!family) return true;
  if (never.check(plain, family === 4 ? 'ipv4' : 'ipv6')) return true;
  return !allowPrivate && isPrivateAddress(plain);
}

export class RefusedAddress extends Error {}

/** A `lookup` that refuses those addresses at connect time (a name cannot resolve elsewhere later). */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (!list.length || list.some((a) => isRefusedAddress(a.address, allowPrivate)))
        return callback(new RefusedAddress(hostname), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0] as dns.LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * A database host, resolved before the driver connects: refused when any address is. Answers the
 * address to connect to, so the driver does not resolve the name a second time.
 */
export async function resolveHost(host: string, allowPrivate: boolean): Promise<string> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const list = net.isIP(bare) ? [{ address: bare }] : await dns.promises.lookup(bare, { all: true });
  if (!list.length || list.some((a) => isRefusedAddress(a.address, allowPrivate))) throw new RefusedAddress(host);
  return (list[0] as { address: string }).address;
}
