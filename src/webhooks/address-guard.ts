// Where a webhook may be posted: never to this machine, its private networks, link-local
// addresses (169.254.169.254 is the cloud metadata service) or other addresses that are not
// the public internet, unless the operator allows a range (WEBHOOK_ALLOW_PRIVATE). The check is
// made on the address actually connected to: the relay resolves the name itself, checks every
// address, and connects only to one it checked (docs/webhooks.md, "Where webhooks may go").
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Ranges that are not the public internet. CGNAT (100.64.0.0/10) is in: it is the carrier's or
 * the cloud's internal network, never an application's public receiver.
 */
const DENIED_V4 = [
  ['0.0.0.0', 8], // "this network", including the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const;
const DENIED_V6 = [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const;

/**
 * The IPv4 address an IPv6 one carries (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::/96 NAT64, and
 * 2002:wwxx:yyzz::/48 6to4, whose relay would carry the post to that IPv4 address).
 */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/.exec(lower);
  if (sixToFour) return dottedOf(sixToFour[1] as string, sixToFour[2] as string);
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  return dottedOf(hex[1] as string, hex[2] as string);
}

/** a.b.c.d from the two 16-bit groups that hold it. */
function dottedOf(highGroup: string, lowGroup: string): string {
  const high = parseInt(highGroup, 16);
  const low = parseInt(lowGroup, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** A parsed WEBHOOK_ALLOW_PRIVATE: CIDR ranges (or single addresses) a webhook may reach. */
export function parseAllowedRanges(text: string): string[] {
  const ranges = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const range of ranges) {
    const [address, prefix, extra] = range.split('/');
    const family = isIP(address ?? '');
    const max = family === 4 ? 32 : 128;
    const bits = prefix === undefined ? max : Number(prefix);
    if (
      family === 0 ||
      extra !== undefined ||
      (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) ||
      bits > max
    ) {
      throw new Error(
        `"${range}" is not an address range; give CIDR ranges such as 10.0.0.0/8,127.0.0.0/8,::1/128`,
      );
    }
  }
  return ranges;
}

export class AddressGuard {
  private readonly denied = new BlockList();
  private readonly allowed = new BlockList();

  constructor(allowedRanges: readonly string[] = []) {
    for (const [address, prefix] of DENIED_V4) this.denied.addSubnet(address, prefix, 'ipv4');
    for (const [address, prefix] of DENIED_V6) this.denied.addSubnet(address, prefix, 'ipv6');
    for (const range of allowedRanges) {
      const [address = '', prefix] = range.split('/');
      const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      const bits = prefix === undefined ? (type === 'ipv4' ? 32 : 128) : Number(prefix);
      this.allowed.addSubnet(address, bits, type);
    }
  }

  /** Whether a connection to this IP address may be made. */
  permits(address: string): boolean {
    const family = isIP(address);
    if (family === 0) return false;
    const v4 = family === 6 ? embeddedIpv4(address) : address;
    if (v4 !== undefined) {
      if (this.allowed.check(v4, 'ipv4')) return true;
      return !this.denied.check(v4, 'ipv4');
    }
    if (this.allowed.check(address, 'ipv6')) return true;
    return !this.denied.check(address, 'ipv6');
  }

  /**
   * Whether a URL's host may be posted to, as far as can be told without resolving it: an address
   * literal (as the URL parser writes it: 0x7f.1 is 127.0.0.1) must be permitted, and a
   * `localhost` name is loopback (RFC 6761). Any other name is checked when it is resolved, at
   * every attempt, since what it resolves to may change.
   */
  permitsHost(hostname: string): boolean {
    const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    if (isIP(host) !== 0) return this.permits(host);
    const name = host.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) return this.permits('127.0.0.1');
    return true;
  }

  /**
   * A `lookup` for node:net: resolves the name, and answers an error unless every address it
   * resolves to is permitted, so the socket connects only to an address checked here (a name
   * that resolves to a public and a private address is refused whole: which one a client would
   * pick is not for the name's owner to steer).
   */
  readonly lookup = (
    hostname: string,
    options: LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const blocked = addresses.find((a) => !this.permits(a.address));
      if (blocked !== undefined || addresses.length === 0) {
        return callback(new BlockedAddressError(), '');
      }
      if (options.all === true) return callback(null, addresses);
      const [first] = addresses as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}

/** A webhook target resolved to (or is) an address the guard does not permit. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor() {
    super(
      'the address is loopback, private, link-local or otherwise not public; allow its range with WEBHOOK_ALLOW_PRIVATE',
    );
    this.name = 'BlockedAddressError';
  }
}
