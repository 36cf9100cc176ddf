// The IPv4 addresses an IPv6 address also reaches through a transition mechanism (a translator,
// a tunnel or a relay), read from the address alone. The network guard checks each of them as
// well as the IPv6 address, so `2002:a9fe:a9fe::1` is refused like 169.254.169.254 itself.
// IPv4-mapped addresses (`::ffff:a.b.c.d`) are not here: they are IPv4 addresses (ip-address.ts).

export interface EmbeddedIpv4 {
  /** Dotted quad. */
  readonly text: string;
  /** How the IPv6 address carries it, for messages: `6to4`, `NAT64`, `Teredo client`, … */
  readonly mechanism: string;
}

/**
 * Every embedding the address is in, outermost first; empty when it is in none. An address can be
 * in two (a 6to4 prefix with an ISATAP interface identifier), and a NAT64 local-use address has
 * several possible readings; all are returned, so the guard refuses it when any reading is refused.
 */
export function embeddedIpv4Addresses(groups: readonly number[]): EmbeddedIpv4[] {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const found: EmbeddedIpv4[] = [];
  const add = (mechanism: string, high: number, low: number): void => {
    found.push({ text: dottedQuad(high, low), mechanism });
  };
  const zeroUpTo = (count: number): boolean => groups.slice(0, count).every((group) => group === 0);
  // RFC 4291 2.5.5.1, deprecated but still routed by some stacks. `::` and `::1` are IPv6's own
  // unspecified and loopback addresses; every other address in ::/96 is read as IPv4, so `::2`
  // is 0.0.0.2 (refused with 0.0.0.0/8) rather than an unknown IPv6 address.
  if (zeroUpTo(6) && !(g6 === 0 && g7 <= 1)) add('IPv4-compatible', g6, g7);
  // RFC 2765 (SIIT) IPv4-translated, ::ffff:0:a.b.c.d.
  if (zeroUpTo(4) && g4 === 0xffff && g5 === 0) add('IPv4-translated (SIIT)', g6, g7);
  // RFC 6052 well-known prefix 64:ff9b::/96.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) add('NAT64', g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) found.push(...localUseNat64(groups));
  // RFC 3056: the 6to4 router of 2002:V4HI:V4LO::/48 is the IPv4 host V4.
  if (g0 === 0x2002) add('6to4', g1, g2);
  // RFC 4380 2001:0::/32: the server's IPv4 as is, the client's (the destination) bit-inverted.
  if (g0 === 0x2001 && g1 === 0) {
    add('Teredo server', g2, g3);
    add('Teredo client', ~g6 & 0xffff, ~g7 & 0xffff);
  }
  // RFC 5214 ISATAP interface identifier under any prefix: 0000:5efe or 0200:5efe, then the IPv4.
  if ((g4 === 0 || g4 === 0x0200) && g5 === 0x5efe) add('ISATAP', g6, g7);
  return found;
}

/**
 * RFC 8215 local-use prefix 64:ff9b:1::/48: the site picks the prefix length (48, 56, 64 or 96,
 * RFC 6052 2.2), which the address does not tell. Every length the address is well formed for
 * (the suffix after the IPv4 bits zero) is a reading; the /96 reading has no suffix and is always
 * one. Bits 64–71 must be zero at every length; an address where they are not is malformed, and
 * every reading counts, whatever its suffix.
 */
function localUseNat64(groups: readonly number[]): EmbeddedIpv4[] {
  const [, , , g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const malformed = g4 >> 8 !== 0;
  const readings: { prefix: number; octets: number[]; suffixZero: boolean }[] = [
    {
      prefix: 48,
      octets: [g3 >> 8, g3 & 0xff, g4 & 0xff, g5 >> 8],
      suffixZero: (g5 & 0xff) === 0 && g6 === 0 && g7 === 0,
    },
    { prefix: 56, octets: [g3 & 0xff, g4 & 0xff, g5 >> 8, g5 & 0xff], suffixZero: g6 === 0 && g7 === 0 },
    {
      prefix: 64,
      octets: [g4 & 0xff, g5 >> 8, g5 & 0xff, g6 >> 8],
      suffixZero: (g6 & 0xff) === 0 && g7 === 0,
    },
    { prefix: 96, octets: [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff], suffixZero: true },
  ];
  return readings
    .filter((reading) => malformed || reading.suffixZero)
    .map(({ prefix, octets }) => ({ text: octets.join('.'), mechanism: `NAT64 local-use /${prefix}` }));
}

function dottedQuad(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
