import type { AdapterContext } from "../types";
import { assertAnswered } from "./blocks";

/** a product page's HTML, asked for as a browser would; a block, a missing page or an odd status throws (assertAnswered) */
export async function fetchPage(ctx: AdapterContext, url: string): Promise<string> {
  const res = await ctx.http.request({
    url,
    headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
  });
  assertAnswered(res, url);
  return res.body;
}
