import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one network guard for every connection the server makes to an address someone typed in:
 * webhook deliveries, data sources, (future) automation HTTP steps. Server-side request forgery is
 * refused by address class, checked when a target is saved and again at connect time (the lookup
 * the connection itself uses), so a name that resolves elsewhere later (DNS rebinding) gets nowhere.
 *
 * Classes:
 * - `unsafe`: never a legitimate target — link-local (cloud metadata at 169.254.169.254, fe80::/10),
 *   the unspecified address and 0.0.0.0/8, multicast, reserved (240.0.0.0/4, broadcast), the metadata
 *   addresses clouds put elsewhere (Alibaba 100.100.100.200, AWS fd00:ec2::254);
 * - `private`: an intranet — loopback, RFC 1918, shared (CGNAT) 100.64.0.0/10, IETF 192.0.0.0/24,
 *   benchmarking 198.18.0.0/15, unique-local fc00::/7, deprecated site-local fec0::/10, the local-use
 *   NAT64 prefix 64:ff9b:1::/48 (RFC 8215, not globally reachable);
 * - `public`: the rest.
 * An IPv6 address that carries an IPv4 address is the class of that IPv4 address: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64
 * (64:ff9b::a.b.c.d, RFC 6052) and 6to4 (2002:aabb:ccdd::/48, RFC 3056).
 */
export type AddressClass = 'public' | 'private' | 'unsafe';

/**
 * How far a caller reaches: `public` only public addresses; `private` an intranet too (a private
 * deployment's data sources); `any` every address (webhooks on an instance that allows private
 * targets — kept as it was, → 0081).
 */
export type Reach = 'public' | 'private' | 'any';

const cidrs = (list: string[]) => list.map((c) => ipaddr.parseCIDR(c));

/** subnetMatch tries the names in order: `unsafe` before `private` (100.100.100.200 is in 100.64.0.0/10). */
const RANGES = {
  unsafe: cidrs([
    '0.0.0.0/8',
    '169.254.0.0/16',
    '100.100.100.200/32',
    '224.0.0.0/4',
    '240.0.0.0/4',
    '::/128',
    'fe80::/10',
    'fd00:ec2::254/128',
    'ff00::/8',
  ]),
  private: cidrs([
    '10.0.0.0/8',
    '100.64.0.0/10',
    '127.0.0.0/8',
    '172.16.0.0/12',
    '192.0.0.0/24',
    '192.168.0.0/16',
    '198.18.0.0/15',
    '::1/128',
    'fc00::/7',
    'fec0::/10',
  ]),
};

/** IPv6 prefixes whose last 32 bits are an IPv4 address (`::/96` less `::` and `::1`, matched above). */
const LAST_32 = cidrs(['::ffff:0:0/96', '::ffff:0:0:0/96', '::/96', '64:ff9b::/96']);
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');
/**
 * Where RFC 6052 puts the IPv4 address (byte offsets) for the prefix lengths a local-use NAT64 prefix
 * inside 64:ff9b:1::/48 may have (/48, /56, /64, /96; bits 64–71 are skipped).
 */
const NAT64_LAYOUTS = [
  [6, 7, 9, 10],
  [7, 9, 10, 11],
  [9, 10, 11, 12],
  [12, 13, 14, 15],
];

const RANK: Record<AddressClass, number> = { public: 0, private: 1, unsafe: 2 };
const worst = (a: AddressClass, b: AddressClass) => (RANK[b] > RANK[a] ? b : a);

const classOf = (ip: ipaddr.IPv4 | ipaddr.IPv6) => ipaddr.subnetMatch(ip, RANGES, 'public') as AddressClass;
const ipv4At = (bytes: number[], at: number[]) => new ipaddr.IPv4(at.map((i) => bytes[i] ?? 0));

/** The class of an address literal (IPv4, or IPv6 with or without a zone); anything else is `unsafe`. */
export function classifyAddress(address: string): AddressClass {
  if (!net.isIP(address) || !ipaddr.isValid(address)) return 'unsafe';
  const ip = ipaddr.parse(address);
  const own = classOf(ip);
  if (own !== 'public' || ip.kind() === 'ipv4') return own;
  const v6 = ip as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  if (LAST_32.some((range) => v6.match(range))) return classOf(ipv4At(bytes, [12, 13, 14, 15]));
  if (v6.match(SIX_TO_FOUR)) return classOf(ipv4At(bytes, [2, 3, 4, 5]));
  if (v6.match(LOCAL_NAT64)) {
    // The prefix length is the operator's choice: every layout is read. 0.0.0.0/8 there is the zero
    // padding of another layout, not the unspecified address.
    return NAT64_LAYOUTS.reduce<AddressClass>((c, layout) => {
      const v4 = ipv4At(bytes, layout);
      return worst(c, v4.octets[0] === 0 ? 'private' : classOf(v4));
    }, 'private');
  }
  return 'public';
}

/** Whether an address is anything but public (what webhooks refuse unless the instance allows private targets). */
export function isPrivateAddress(address: string): boolean {
  return classifyAddress(address) !== 'public';
}

/** Whether a caller with this reach may not connect to the address. */
export function isRefusedAddress(address: string, reach: Reach): boolean {
  const c = classifyAddress(address);
  if (c === 'unsafe') return reach !== 'any' || !net.isIP(address);
  return c === 'private' && reach === 'public';
}

/** An address refused by the guard (at connect time or when resolved before connecting). */
export class RefusedAddress extends Error {}

/**
 * A `lookup` for http(s).request / net.connect that refuses the addresses a reach may not connect to:
 * the address checked is the one connected to.
 */
export function guardedLookup(reach: Reach): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (!list.length || list.some((a) => isRefusedAddress(a.address, reach)))
        return callback(new RefusedAddress(hostname), '', 4);
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
 * Whether a URL's host is an address literal the reach refuses: a literal is connected to without a
 * lookup, so `guardedLookup` never sees it.
 */
export function refusedLiteral(url: URL, reach: Reach): boolean {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) !== 0 && isRefusedAddress(host, reach);
}

/** An outgoing http(s) target's shape: http or https with a host, no credentials; the parsed URL or null. */
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

/**
 * A target's host when it is saved: `unresolved` when the name resolves to no address now (saved, it
 * could not be checked), `refused` when it is or resolves to an address the reach refuses, else `ok`.
 * The connection checks again (a name may resolve elsewhere later).
 */
export async function checkHost(rawHost: string, reach: Reach): Promise<'ok' | 'refused' | 'unresolved'> {
  const host = normalizeHost(rawHost);
  if (!host) return 'unresolved';
  if (net.isIP(host)) return isRefusedAddress(host, reach) ? 'refused' : 'ok';
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    if (!addresses.length) return 'unresolved';
    return addresses.some((a) => isRefusedAddress(a.address, reach)) ? 'refused' : 'ok';
  } catch {
    return 'unresolved';
  }
}

/** An http(s) target at save: its host normalised in place (trailing dots, case), then checked. */
export async function checkTarget(url: URL, reach: Reach): Promise<'ok' | 'refused' | 'unresolved'> {
  const host = normalizeHost(url.hostname);
  if (!net.isIPv6(host) && host !== url.hostname) url.hostname = host;
  return checkHost(host, reach);
}

/**
 * A host resolved before a driver connects (database drivers take an address, not a lookup): throws
 * `RefusedAddress` when any of its addresses is refused; answers them all, the first to connect to,
 * so the driver does not resolve the name a second time.
 */
export async function resolveHost(host: string, reach: Reach): Promise<string[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const list = net.isIP(bare) ? [{ address: bare }] : await dns.promises.lookup(bare, { all: true });
  if (!list.length || list.some((a) => isRefusedAddress(a.address, reach))) throw new RefusedAddress(host);
  return list.map((a) => a.address);
}
