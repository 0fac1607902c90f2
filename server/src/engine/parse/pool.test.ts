import { afterAll, describe, expect, it, vi } from "vitest";
import { loopBusyDuring } from "../../../test/loop-busy.js";
import { fixture } from "../platforms/testing/local-retailer";
import { parseWortenPage, worten } from "../platforms/worten";
import { CATALOGUE, getAdapter } from "../platforms/index";
import { CheckFailure, type PlatformAdapter } from "../platforms/types";
import {
  closeParsePool,
  configureParsePool,
  type PageParser,
  parsePage,
  parseStats,
  parseThreads,
} from "./pool";
import { errorReply, replyError } from "./worker";

const PAGE = "https://www.worten.pt/produtos/consola-ps5-slim-7196053";

/** a real-sized Worten page (≈1.5 MB): the DOM fixture with a long product description and carousels */
function heavyWortenPage(): string {
  const base = fixture("worten", "page-dom-in-stock.html");
  const block =
    '<div class="carousel__item"><a href="/produtos/x-123"><img src="/i.jpg" alt="x"><span class="title">Outro produto</span>' +
    '<span class="price"><span class="integer">19</span><span class="decimal">,99 €</span></span></a></div>';
  return base.replace("</main>", `<section class="related">${block.repeat(6_500)}</section></main>`);
}

afterAll(() => closeParsePool());

describe("parse pool", () => {
  const page = heavyWortenPage();

  it("starts no thread until a heavy page comes, and its thread ends once idle", async () => {
    await closeParsePool();
    configureParsePool({ idleMs: 300 });
    try {
      await parsePage(worten, [fixture("worten", "page-dom-in-stock.html"), PAGE]);
      expect(parseThreads()).toBe(0);
      await parsePage(worten, [page, PAGE]);
      expect(parseThreads()).toBe(1);
      await vi.waitFor(() => expect(parseThreads()).toBe(0), { timeout: 5000, interval: 50 });
    } finally {
      await closeParsePool();
      configureParsePool({ idleMs: 30_000 });
    }
  });

  it("a check that gives up mid-parse leaves the thread to the next check, which need not load the parsers again", async () => {
    await closeParsePool();
    try {
      await parsePage(worten, [page, PAGE]);
      expect(parseThreads()).toBe(1);
      const gaveUp = new AbortController();
      const first = parsePage(worten, [page, PAGE], gaveUp.signal);
      gaveUp.abort(new CheckFailure("timeout", "Tempo esgotado"));
      await expect(first).rejects.toMatchObject({ name: "CheckFailure", reason: "timeout" });
      expect(parseThreads()).toBe(1);
      const before = parseStats.inWorker;
      await expect(parsePage(worten, [page, PAGE])).resolves.toMatchObject({ status: "in_stock" });
      expect(parseStats.inWorker).toBe(before + 1);
      expect(parseThreads()).toBe(1);
    } finally {
      await closeParsePool();
    }
  });

  it("a parse still running for nobody after the grace has its thread ended", async () => {
    await closeParsePool();
    configureParsePool({ abortGraceMs: 1 });
    try {
      await parsePage(worten, [page, PAGE]); // a warm thread takes the next parse at once
      expect(parseThreads()).toBe(1);
      const gaveUp = new AbortController();
      const first = parsePage(worten, [page, PAGE], gaveUp.signal);
      gaveUp.abort(new CheckFailure("timeout", "Tempo esgotado"));
      await expect(first).rejects.toMatchObject({ reason: "timeout" });
      await vi.waitFor(() => expect(parseThreads()).toBe(0), { timeout: 10_000, interval: 20 });
    } finally {
      await closeParsePool();
      configureParsePool({ abortGraceMs: 30_000 });
    }
  });

  it("parses a 1.5 MB Worten page in a worker thread, with the result of the same parse in place", async () => {
    expect(page.length).toBeGreaterThan(1_400_000);
    const inPlace = parseWortenPage(page, PAGE);
    const before = parseStats.inWorker;
    const inWorker = await parsePage(worten, [page, PAGE]);
    expect(parseStats.inWorker).toBe(before + 1);
    expect(inWorker).toEqual(inPlace);
    expect(inWorker.status).toBe("in_stock");
  });

  it("keeps the event loop free while heavy pages are parsed", async () => {
    await parsePage(worten, [page, PAGE]); // the worker is warm
    // the share of the time this thread's loop ran code (test/loop-busy.ts)
    const { busy: inPlace } = await loopBusyDuring(() => parseWortenPage(page, PAGE));
    const { busy: inWorker } = await loopBusyDuring(async () => {
      for (let i = 0; i < 4; i++) await parsePage(worten, [page, PAGE]);
    });
    expect(inPlace).toBeGreaterThan(0.8);
    expect(inWorker).toBeLessThan(0.3);
  });

  it("a parser's CheckFailure comes back from the worker as a CheckFailure", async () => {
    const broken = `<html><body>${" ".repeat(300_000)}<p>nada</p></body></html>`;
    await expect(parsePage(worten, [broken, PAGE])).rejects.toMatchObject({
      name: "CheckFailure",
      reason: "unexpected",
    });
  });

  it("a parser's walled block crosses the thread whole: reason, host and wall", () => {
    // postMessage copies the reply as structuredClone does
    const back = replyError(
      structuredClone(
        errorReply(
          new CheckFailure("blocked", "Página de verificação anti-bot (Akamai)", "www.zara.com", "Akamai"),
        ),
      ) as ReturnType<typeof errorReply>,
    );
    expect(back).toBeInstanceOf(CheckFailure);
    expect(back).toMatchObject({ reason: "blocked", host: "www.zara.com", wall: "Akamai" });
    expect(replyError(structuredClone(errorReply(new TypeError("x.y is undefined"))))).toBeInstanceOf(
      TypeError,
    );
  });

  it("the worker finds every adapter's page parser by its key and answers as the parse in place", async () => {
    const owners = [...CATALOGUE.keys, "jsonld"]
      .map((key) => getAdapter(key))
      .filter((adapter): adapter is PlatformAdapter & { pageParser: PageParser } => !!adapter?.pageParser);
    // these at least (a platform file added since with a page parser is checked below too)
    expect(owners.map((o) => o.key)).toEqual(
      expect.arrayContaining(["aliexpress", "anystore", "fnac", "hm", "jsonld", "worten", "zara"]),
    );
    const big = `<html><head><title>Página</title></head><body>${" ".repeat(300_000)}<p>nada</p></body></html>`;
    const outcome = async (run: () => unknown) => {
      try {
        return { ok: await run() };
      } catch (error) {
        return { failure: (error as Error).message };
      }
    };
    for (const owner of owners) {
      const args: Parameters<PageParser> = [big, CATALOGUE.get(owner.key)?.sampleUrl ?? PAGE];
      const before = parseStats.inWorker;
      const inWorker = await outcome(() => parsePage(owner, args));
      expect(parseStats.inWorker, owner.key).toBe(before + 1);
      expect(inWorker, owner.key).toEqual(await outcome(() => owner.pageParser(...args)));
    }
  });
});
