import { type PlatformInfo, productIdInUrl } from "@common/platforms";
import type { PlatformAdapter, PlatformModule } from "../types";

/**
 * A platform's one record, written in its own file (`platforms/<key>.ts`, found by the registry):
 * its catalogue entry, which the server also sends to the browser (label, hosts, default interval,
 * sample URL, the id in a URL, the modal's texts), its place in the modal's list (`order`, ascending)
 * and what the engine adds: the header profile, the check and the page parser the parse pool runs.
 */
export function definePlatform<
  R extends PlatformInfo & { order: number } & Pick<
      PlatformAdapter,
      "headerProfile" | "check" | "pageParser"
    >,
>(record: R): R & Pick<PlatformModule, "idFromUrl"> {
  return { ...record, idFromUrl: (url) => productIdInUrl(record, url) };
}
