import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import type { DatabaseServer } from '../../db/database.js';
import { isPrivateAddress } from '../webhooks/guard.js';

/**
 * Where a data source may never connect, whatever the deployment: link-local (cloud metadata at
 * 169.254.169.254, fe80::/10), the unspecified address, multicast and reserved ranges, and the
 * metadata addresses clouds put elsewhere (Alibaba 100.100.100.200, AWS fd00:ec2::254). Loopback and
 * private addresses are allowed only when DATASOURCE_ALLOW_PRIVATE is on (ARCHITECTURE.md); the instance's
 * own database never (`isOwnDatabase`).
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

/** The instance's own database: connecting to it is refused, whatever DATASOURCE_ALLOW_PRIVATE says. */
export class OwnDatabase extends Error {}

/**
 * A database host, resolved before the driver connects: refused when any address is. Answers the
 * address to connect to, so the driver does not resolve the name a second time. With `own` (the
 * instance's PostgreSQL database, for a postgres source), the instance's own database is refused.
 */
export async function resolveHost(
  host: string,
  allowPrivate: boolean,
  own?: { server: DatabaseServer | undefined; port: number; database: string },
): Promise<string> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const list = net.isIP(bare) ? [{ address: bare }] : await dns.promises.lookup(bare, { all: true });
  if (!list.length || list.some((a) => isRefusedAddress(a.address, allowPrivate))) throw new RefusedAddress(host);
  const addresses = list.map((a) => a.address);
  if (own && (await isOwnDatabase(addresses, own.port, own.database, own.server))) throw new OwnDatabase(host);
  return addresses[0] as string;
}

const plainAddress = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
const isLoopback = (address: string) => {
  const a = plainAddress(address);
  return a === '::1' || (net.isIPv4(a) && a.startsWith('127.'));
};

/** This machine's addresses (every interface's, loopback included). */
function machineAddresses(): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(os.networkInterfaces()))
    for (const i of list ?? []) out.add(plainAddress(i.address));
  return out;
}

/**
 * Whether a PostgreSQL source at these addresses, port and database is the instance's own database:
 * the same port and database, at an address of the instance's database host — or, when that host is
 * this machine (a loopback name, a socket directory or one of its interfaces), at any loopback address
 * or interface of this machine.
 */
export async function isOwnDatabase(
  addresses: string[],
  port: number,
  database: string,
  server: DatabaseServer | undefined,
): Promise<boolean> {
  if (!server || port !== server.port || database !== server.database) return false;
  let own: string[];
  if (server.host.startsWith('/')) own = ['127.0.0.1'];
  else if (net.isIP(server.host)) own = [server.host];
  else own = (await dns.promises.lookup(server.host, { all: true }).catch(() => [])).map((a) => a.address);
  const ownSet = new Set(own.map(plainAddress));
  const machine = machineAddresses();
  const local = own.some((a) => isLoopback(a) || machine.has(plainAddress(a)));
  return addresses.some((raw) => {
    const a = plainAddress(raw);
    return ownSet.has(a) || (local && (isLoopback(a) || machine.has(a)));
  });
}
