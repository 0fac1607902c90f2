import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * The SSRF guard. The server fetches URLs that users type (product pages, webhooks), so it only
 * talks to public unicast addresses: never loopback, private, link-local, CGNAT, multicast,
 * reserved, or those same ranges written as IPv4-mapped/compatible IPv6.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible (::a.b.c.d, which URL
    // parsing writes as ::7f00:1) both reach the IPv4 address on many stacks
    const compatible = v6.parts.slice(0, 6).every((p) => p === 0) && (v6.parts[6] !== 0 || v6.parts[7] > 1);
    if (v6.isIPv4MappedAddress() || compatible) ip = ipaddr.fromByteArray(v6.toByteArray().slice(12));
    // only 2000::/3 is allocated as global unicast: the rest of the space is reserved (::ffff:0:0:7f00:1,
    // the SIIT ::ffff:0:a.b.c.d, ...) and some stacks still route parts of it to IPv4
    else if (!v6.match(GLOBAL_UNICAST)) return false;
    else if (v6.range() === "6to4" || v6.range() === "teredo") return false;
  }
  return ip.range() === "unicast";
}

export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafeUrlError";
  }
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** syntactic checks that need no DNS: scheme, credentials, literal private addresses, local names */
export function checkUrlShape(raw: string, opts: { httpsOnly?: boolean } = {}): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError("URL inválido");
  }
  const allowed = opts.httpsOnly ? ["https:"] : ["https:", "http:"];
  if (!allowed.includes(url.protocol)) {
    throw new UnsafeUrlError(
      opts.httpsOnly ? "O URL tem de começar por https://" : "O URL tem de ser http ou https",
    );
  }
  if (url.username || url.password) throw new UnsafeUrlError("O URL não pode conter credenciais");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw new UnsafeUrlError("Endereço privado ou local não permitido");
  } else if (LOCAL_NAMES.test(host) || !host.includes(".")) {
    throw new UnsafeUrlError("Endereço privado ou local não permitido");
  }
  return url;
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Full check: shape, then every address the name resolves to must be public (a name that points
 * inside is refused). Returns the addresses so the caller can connect to a checked one.
 */
export async function assertPublicUrl(
  raw: string,
  opts: { httpsOnly?: boolean; resolve?: Resolver } = {},
): Promise<{ url: URL; addresses: string[] }> {
  const url = checkUrlShape(raw, opts);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) return { url, addresses: [host] };
  let addresses: string[];
  try {
    addresses = await (opts.resolve ?? systemResolver)(host);
  } catch {
    throw new UnsafeUrlError("Não foi possível resolver o endereço");
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw new UnsafeUrlError("Endereço privado ou local não permitido");
  }
  return { url, addresses };
}
