/**
 * The URL guard of the tool server: a document URL may not lead to this machine or its private networks.
 *
 * @module
 */
import { isIP } from "node:net";
import { LoadError, redactUrl } from "../core/mod.ts";

/** Parses a dotted IPv4 address into its four bytes, or undefined. */
function ipv4Bytes(address: string): number[] | undefined {
  const parts = address.split(".");
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : undefined;
}

/** Why an IPv4 address is not public, or undefined when it is. */
function ipv4Class(address: string): string | undefined {
  const b = ipv4Bytes(address);
  if (b === undefined) return undefined;
  const [a, c] = b;
  if (a === 127) return "loopback";
  if (a === 0) return "unspecified";
  if (a === 10 || (a === 172 && c >= 16 && c <= 31) || (a === 192 && c === 168)) return "private";
  if (a === 100 && c >= 64 && c <= 127) return "private"; // shared address space (carrier-grade NAT)
  if (a === 169 && c === 254) return "link-local";
  if (a >= 224) return "multicast or reserved";
  return undefined;
}

/** The 8 16-bit groups of an IPv6 address (with an embedded IPv4 tail expanded), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const b = ipv4Bytes(tail[1]);
    if (b === undefined) return undefined;
    text = text.slice(0, tail.index) + ((b[0] << 8) | b[1]).toString(16) + ":" +
      ((b[2] << 8) | b[3]).toString(16);
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] === "" ? [] : halves[0].split(":");
  const rest = halves.length === 2 ? (halves[1] === "" ? [] : halves[1].split(":")) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  const groups = all.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return groups.every((g) => !Number.isNaN(g)) ? groups : undefined;
}

/** Why an IPv6 address is not public, or undefined when it is. */
function ipv6Class(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (g === undefined) return undefined;
  if (g.slice(0, 7).every((x) => x === 0)) {
    return g[7] === 1 ? "loopback" : g[7] === 0 ? "unspecified" : undefined;
  }
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible addresses carry an IPv4 address: judge that one.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    return ipv4Class(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`);
  }
  if ((g[0] & 0xfe00) === 0xfc00) return "unique-local";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0] & 0xffc0) === 0xfec0) return "site-local";
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  return undefined;
}

/**
 * Why an IP address is not a public one (`loopback`, `private`, `link-local`, `unique-local`, ...), or undefined
 * when it is public.
 */
export function nonPublicAddress(address: string): string | undefined {
  const kind = isIP(address);
  if (kind === 4) return ipv4Class(address);
  if (kind === 6) return ipv6Class(address);
  return undefined;
}

/** Resolves a host name to its IPv4 and IPv6 addresses. */
export type HostResolver = (host: string) => Promise<string[]>;

/** Resolves through `Deno.resolveDns` (A and AAAA records). */
export const dnsResolver: HostResolver = async (host) => {
  const found: string[] = [];
  const results = await Promise.allSettled([Deno.resolveDns(host, "A"), Deno.resolveDns(host, "AAAA")]);
  for (const r of results) if (r.status === "fulfilled") found.push(...r.value);
  return found;
};

/**
 * Makes the check the reader runs on every address it is about to request (the first and each redirect): an
 * address whose host is, or resolves to, a loopback, private, link-local or unique-local address is refused
 * with a {@link LoadError}. A host that cannot be resolved is refused too (the check fails closed).
 */
export function createUrlGuard(resolver: HostResolver = dnsResolver): (url: URL) => Promise<void> {
  return async (url: URL): Promise<void> => {
    const shown = redactUrl(url.href);
    let host = url.hostname;
    if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
    const refuse = (why: string): never => {
      throw new LoadError(
        `${shown} leads to a ${why} address, which this server does not fetch; start it with --allow-private-urls to allow that.`,
      );
    };
    if (host === "localhost" || host.endsWith(".localhost")) refuse("loopback");
    if (isIP(host) !== 0) {
      const why = nonPublicAddress(host);
      if (why !== undefined) refuse(why);
      return;
    }
    let addresses: string[];
    try {
      addresses = await resolver(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      throw new LoadError(`cannot resolve the host of ${shown}; check the address.`);
    }
    for (const address of addresses) {
      const why = nonPublicAddress(address);
      if (why !== undefined) refuse(why);
    }
  };
}
