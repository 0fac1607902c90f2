import { lookup } from "node:dns/promises";
import type { Resolver } from "../../net/address-guard.js";

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
