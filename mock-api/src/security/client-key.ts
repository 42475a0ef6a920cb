import ipaddr from 'ipaddr.js';

/**
 * One key per client, however it writes its address: an IPv4 address as itself, in its
 * IPv4-mapped IPv6 form (`::ffff:192.0.2.1`, which a dual-stack socket reports) too; an IPv6
 * address by its /64, the smallest block a host gets (RFC 6177), which holds 2^64 addresses that
 * would otherwise each be a budget of their own (a subscriber holds many: `subscriberKeyOf`). Parsed by ipaddr.js (Express's own parser,
 * through proxy-addr), so every spelling of an address (`2001:DB8::1`, `2001:db8:0:0::1`) is one.
 */
export function clientKeyOf(address: string): string {
  return keyOf(address, 64);
}

/** An IPv4 address whole; an IPv6 address as its network of `prefix` bits (`2001:db8:1:2::/64`). */
function keyOf(address: string, prefix: number): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${prefix}`).toString()}/${prefix}`;
}

/**
 * The IPv6 prefix one subscriber holds: a /56, what an ISP hands a home (RFC 6177, RIPE-690;
 * some hand out a /48, more than one /56). A subscriber holds 256 /64s, each a client of its own
 * to `clientKeyOf`; what decides a canary counts subscribers, so that one home's /64s weigh as one.
 */
export const SUBSCRIBER_PREFIX_V6 = 56;

/**
 * One key per subscriber: an IPv4 address whole (one address is what a subscriber holds, and a
 * carrier NAT's many members share it), an IPv6 address by its /56 (`SUBSCRIBER_PREFIX_V6`).
 * What counts a canary's reporters and caps what one of them adds (telemetry/src/reporter-ledger.ts,
 * decision 060); rate limits stay per `clientKeyOf`.
 */
export function subscriberKeyOf(address: string): string {
  return keyOf(address, SUBSCRIBER_PREFIX_V6);
}
