import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A parsed IPv4 or IPv6 address. */
export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** An address range: the network address and its prefix length (`10.0.0.0/8` → [10.0.0.0, 8]). */
export type AddressRange = readonly [IpAddress, number];

/** The entries of a list setting: separated by commas, spaces or line breaks, blanks dropped. */
export function listEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry !== '');
}

/**
 * One address (`192.0.2.7`, `::1`, a whole range of one address) or CIDR range (`10.0.0.0/8`,
 * `fd00::/8`) in canonical notation, or undefined when the text is neither. Only the dotted-quad
 * and the standard IPv6 forms count: `10`, `0x0a.1` and the other legacy IPv4 spellings that some
 * parsers accept are refused, so a setting means exactly what it shows.
 */
export function parseAddressRange(text: string): AddressRange | undefined {
  const slash = text.indexOf('/');
  const address = slash < 0 ? text : text.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return undefined;
  const parsed = ipaddr.parse(address);
  const maxPrefix = family === 4 ? 32 : 128;
  if (slash < 0) return [parsed, maxPrefix];
  const prefixText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix <= maxPrefix ? [parsed, prefix] : undefined;
}

/** A list of ranges as set (see {@link listEntries}), with the entries that are not ranges. */
export function parseAddressRanges(text: string): { ranges: AddressRange[]; invalid: string[] } {
  const ranges: AddressRange[] = [];
  const invalid: string[] = [];
  for (const entry of listEntries(text)) {
    const range = parseAddressRange(entry);
    if (range) ranges.push(range);
    else invalid.push(entry);
  }
  return { ranges, invalid };
}

/** NAT64's well-known prefix (RFC 6052): `64:ff9b::a.b.c.d` reaches the IPv4 host a.b.c.d. */
const NAT64_WELL_KNOWN: AddressRange = [ipaddr.parse('64:ff9b::'), 96];

/**
 * The IPv4 address an IPv6 address stands for, when it is one in IPv6 clothing: IPv4-mapped
 * (`::ffff:a.b.c.d`), NAT64's well-known prefix (`64:ff9b::a.b.c.d`) or 6to4 (`2002:AABB:CCDD::`).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const bytes = address.toByteArray();
  if (address.match(NAT64_WELL_KNOWN[0], NAT64_WELL_KNOWN[1])) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.range() === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return undefined;
}

/** Whether `address` lies in one of `ranges` (an IPv4 address in IPv6 clothing also as IPv4). */
export function inRanges(address: IpAddress, ranges: readonly AddressRange[]): boolean {
  const ipv4 = address.kind() === 'ipv6' ? embeddedIPv4(address as ipaddr.IPv6) : undefined;
  return ranges.some(([network, prefix]) => {
    if (network.kind() === address.kind()) return address.match(network, prefix);
    return ipv4 !== undefined && network.kind() === 'ipv4' && ipv4.match(network, prefix);
  });
}

/**
 * Cloud metadata and platform endpoints outside the special ranges below: Azure's WireServer
 * (168.63.129.16). AWS, GCP, Azure IMDS and OpenStack use 169.254.169.254 (link-local), AWS's
 * IPv6 endpoint fd00:ec2::254 (unique-local), Alibaba 100.100.100.200 (shared address space),
 * Oracle 192.0.0.192 (IETF protocol assignments): every one of them refused by its range.
 */
const METADATA_ADDRESSES: readonly AddressRange[] = [[ipaddr.parse('168.63.129.16'), 32]];

/**
 * True for an address on the public internet: global unicast, not loopback, private (RFC 1918,
 * IPv6 unique-local), link-local, shared (CGNAT), unspecified, broadcast, multicast, reserved,
 * documentation or benchmarking space, and not a cloud metadata endpoint. IPv6 addresses that
 * carry an IPv4 address (mapped, NAT64, 6to4) are judged by that IPv4 address; Teredo and the
 * other transition ranges are not public.
 */
export function isPublicAddress(address: IpAddress): boolean {
  if (address.kind() === 'ipv6') {
    const ipv4 = embeddedIPv4(address as ipaddr.IPv6);
    if (ipv4) return isPublicAddress(ipv4);
  }
  return address.range() === 'unicast' && !inRanges(address, METADATA_ADDRESSES);
}

/** The parsed address, or undefined when `text` is not an IP address in standard notation. */
export function parseAddress(text: string): IpAddress | undefined {
  return isIP(text) === 0 ? undefined : ipaddr.parse(text);
}
