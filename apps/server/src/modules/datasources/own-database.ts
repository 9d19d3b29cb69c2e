import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import type { DatabaseServer } from '../../db/database.js';
import { type Reach, resolveHost } from '../../net/guard.js';

/**
 * A data source reaches private addresses (an intranet: loopback, RFC 1918, ULA) only when
 * DATASOURCE_ALLOW_PRIVATE is on, link-local and cloud metadata never (→ 0072, `net/guard.ts`); the
 * instance's own database never (`isOwnDatabase`).
 */
export const sourceReach = (allowPrivate: boolean): Reach => (allowPrivate ? 'private' : 'public');

/** The instance's own database: connecting to it is refused, whatever DATASOURCE_ALLOW_PRIVATE says. */
export class OwnDatabase extends Error {}

/**
 * A database host, resolved before the driver connects: refused when any address is. Answers the
 * address to connect to, so the driver does not resolve the name a second time. With `own` (the
 * instance's PostgreSQL database, for a postgres source), the instance's own database is refused.
 */
export async function resolveSourceHost(
  host: string,
  allowPrivate: boolean,
  own?: { server: DatabaseServer | undefined; port: number; database: string },
): Promise<string> {
  const addresses = await resolveHost(host, sourceReach(allowPrivate));
  if (own && (await isOwnDatabase(addresses, own.port, own.database, own.server))) throw new OwnDatabase(host);
  return addresses[0] as string;
}

/** An address in one spelling (an IPv4-mapped IPv6 address as its IPv4 address), to compare. */
const plainAddress = (address: string) => (ipaddr.isValid(address) ? ipaddr.process(address).toString() : address);
const isLoopback = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

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
