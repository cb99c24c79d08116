import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Turns a host name into addresses. The service resolves through the system (dns.lookup); tests hand
 * their own, mapping `*.test` names without the network.
 */
export interface WebhookResolver {
  lookup(hostname: string): Promise<ResolvedAddress[]>;
}

/** Nest injection token of the resolver webhooks use. */
export const WEBHOOK_RESOLVER = Symbol('WEBHOOK_RESOLVER');

/** Where a webhook may be sent: its URL, and the address it was checked against (the one to connect to). */
export interface CheckedTarget {
  url: URL;
  address: ResolvedAddress;
}

export type TargetCheck = { allowed: true; target: CheckedTarget } | { allowed: false; reason: string };

/**
 * Ranges that are not the public internet, by what they are. A webhook reaching one of them would let
 * an organiser make the service knock on its own host, its network or its cloud's metadata address.
 */
const SPECIAL: readonly { kind: string; family: 'ipv4' | 'ipv6'; network: string; prefix: number }[] = [
  { kind: 'unspecified', family: 'ipv4', network: '0.0.0.0', prefix: 8 },
  { kind: 'private', family: 'ipv4', network: '10.0.0.0', prefix: 8 },
  { kind: 'private', family: 'ipv4', network: '100.64.0.0', prefix: 10 },
  { kind: 'loopback', family: 'ipv4', network: '127.0.0.0', prefix: 8 },
  { kind: 'link-local', family: 'ipv4', network: '169.254.0.0', prefix: 16 },
  { kind: 'private', family: 'ipv4', network: '172.16.0.0', prefix: 12 },
  { kind: 'reserved', family: 'ipv4', network: '192.0.0.0', prefix: 24 },
  { kind: 'reserved', family: 'ipv4', network: '192.0.2.0', prefix: 24 },
  { kind: 'private', family: 'ipv4', network: '192.168.0.0', prefix: 16 },
  { kind: 'reserved', family: 'ipv4', network: '198.18.0.0', prefix: 15 },
  { kind: 'reserved', family: 'ipv4', network: '198.51.100.0', prefix: 24 },
  { kind: 'reserved', family: 'ipv4', network: '203.0.113.0', prefix: 24 },
  { kind: 'multicast', family: 'ipv4', network: '224.0.0.0', prefix: 4 },
  { kind: 'reserved', family: 'ipv4', network: '240.0.0.0', prefix: 4 },
  { kind: 'unspecified', family: 'ipv6', network: '::', prefix: 128 },
  { kind: 'loopback', family: 'ipv6', network: '::1', prefix: 128 },
  // IPv4-compatible (deprecated), NAT64 and 6to4 addresses embed an IPv4 address that may be any of the above.
  { kind: 'reserved', family: 'ipv6', network: '::', prefix: 96 },
  { kind: 'reserved', family: 'ipv6', network: '64:ff9b::', prefix: 96 },
  { kind: 'reserved', family: 'ipv6', network: '64:ff9b:1::', prefix: 48 },
  { kind: 'reserved', family: 'ipv6', network: '100::', prefix: 64 },
  { kind: 'reserved', family: 'ipv6', network: '2001:db8::', prefix: 32 },
  { kind: 'reserved', family: 'ipv6', network: '2002::', prefix: 16 },
  { kind: 'private', family: 'ipv6', network: 'fc00::', prefix: 7 },
  { kind: 'link-local', family: 'ipv6', network: 'fe80::', prefix: 10 },
  { kind: 'private', family: 'ipv6', network: 'fec0::', prefix: 10 },
  { kind: 'multicast', family: 'ipv6', network: 'ff00::', prefix: 8 },
];

const SPECIAL_LISTS = SPECIAL.map((range) => {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, range.family);
  return { kind: range.kind, list };
});

/**
 * Which webhook targets are allowed: public addresses, and those in the networks the operator allows
 * (UMPIRE_WEBHOOK_ALLOWED_NETWORKS). The service's own addresses count as not public whatever they
 * are, so that a webhook cannot be pointed back at the service itself through its public address.
 */
export class TargetPolicy {
  private readonly allowed = new BlockList();
  private readonly own: Set<string>;

  constructor(allowedNetworks: readonly string[], ownAddresses: readonly string[] = serviceAddresses()) {
    for (const entry of allowedNetworks) {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) this.allowed.addAddress(address, family);
      else this.allowed.addSubnet(address, Number(prefix), family);
    }
    this.own = new Set(ownAddresses.map((address) => canonical(address)));
  }

  /** Why the address may not be reached, or undefined when it may. */
  refusal(address: string): string | undefined {
    const plain = canonical(address);
    const family = isIP(plain) === 4 ? 'ipv4' : 'ipv6';
    if (isIP(plain) === 0) return `${address} is not an IP address`;
    if (this.allowed.check(plain, family)) return undefined;
    const special = SPECIAL_LISTS.find(({ list }) => list.check(plain, family));
    if (special) return `${plain} is ${article(special.kind)} ${special.kind} address`;
    return this.own.has(plain) ? `${plain} is an address of this service` : undefined;
  }

  /**
   * Checks a webhook URL as it would be sent now: no credentials in it, its host resolved, and every
   * address the host resolves to allowed (one refused address refuses the URL: the system may pick any
   * of them). The target keeps the first address, so that the connection goes where the check looked.
   */
  async check(raw: string, resolver: WebhookResolver): Promise<TargetCheck> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { allowed: false, reason: 'url must be an http or https URL' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { allowed: false, reason: 'url must be an http or https URL' };
    if (url.username !== '' || url.password !== '')
      return {
        allowed: false,
        reason: 'url must not carry credentials (user:password@): authenticate deliveries by their signature',
      };
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0) {
      const reason = this.refusal(host);
      if (reason) return { allowed: false, reason: `url must point to a public address: ${reason}` };
      return { allowed: true, target: { url, address: { address: host, family: isIP(host) as 4 | 6 } } };
    }
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolver.lookup(host);
    } catch {
      addresses = [];
    }
    // A name that does not resolve and a name that resolves inside are answered alike: the answer must
    // not tell which names the service's own resolver knows.
    const first = addresses[0];
    if (!first || addresses.some(({ address }) => this.refusal(address) !== undefined))
      return { allowed: false, reason: 'url’s host must resolve to public addresses only' };
    return { allowed: true, target: { url, address: first } };
  }
}

/** The system's resolver: every address of the name, as the system would connect to it. */
export const systemResolver: WebhookResolver = {
  async lookup(hostname) {
    const { lookup } = await import('node:dns/promises');
    const found = await lookup(hostname, { all: true, verbatim: true });
    return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  },
};

/** Every address of this host's interfaces. */
function serviceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((info) => info.address));
}

/**
 * An address in one spelling: an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) is the
 * IPv4 address it maps, and an interface suffix (`fe80::1%eth0`) is dropped.
 */
export function canonical(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  if (isIP(plain) !== 6) return plain;
  const groups = expand(plain).split(':');
  if (groups.slice(0, 5).some((group) => group !== '0000') || groups[5] !== 'ffff') return plain;
  const bits = (parseInt(groups[6]!, 16) << 16) | parseInt(groups[7]!, 16);
  return [24, 16, 8, 0].map((shift) => (bits >>> shift) & 255).join('.');
}

/** An IPv6 address with its eight groups written out (an embedded dotted IPv4 as its two groups). */
function expand(address: string): string {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...fill, ...right].map((group) => group.padStart(4, '0')).join(':');
}

function article(kind: string): string {
  return /^[aeiou]/.test(kind) ? 'an' : 'a';
}
