/**
 * One key per client, however it writes its address: an IPv4 address as itself, in its
 * IPv4-mapped IPv6 form (`::ffff:192.0.2.1`, which a dual-stack socket reports) too; an IPv6
 * address by its /64, the smallest block a host gets (RFC 6177), which holds 2^64 addresses
 * that would otherwise each be a budget of their own. Parsed by ipaddr.js (Express's own parser,
 * through proxy-addr), so every spelling of an address (`2001:DB8::1`, `2001:db8:0:0::1`) is one.
 */
export declare function clientKeyOf(address: string): string;
/** The IPv6 prefix one subscriber holds (a /56): see client-key.ts. */
export declare const SUBSCRIBER_PREFIX_V6: number;
/** One key per subscriber: an IPv4 address whole, an IPv6 address by its /56 (client-key.ts). */
export declare function subscriberKeyOf(address: string): string;
