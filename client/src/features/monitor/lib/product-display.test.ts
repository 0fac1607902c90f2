import { createFormatter } from "@common/format";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import {
  badgeLabel,
  checkMoments,
  DEFAULT_SORT,
  hostPauseText,
  matchesStatusFilter,
  nextSort,
  PRODUCT_SORTS,
  type ProductSort,
  sortProducts,
  productSizes,
  statusLabel,
  statusVariant,
} from "./product-display";

const lisbonFormat = createFormatter({ timezone: "Europe/Lisbon" });

// the labels are the catalogue's, in the language in force: pt-PT unless a test says otherwise
beforeEach(() => i18n.changeLanguage("pt"));
afterEach(() => i18n.changeLanguage("pt"));

describe("product display rules", () => {
  it("labels statuses in Portuguese, with 'Perfil' for an unread member's profile", () => {
    expect(statusLabel({ status: "unknown" }, true)).toBe("Perfil");
    expect(statusLabel({ status: "unknown" })).toBe("Desconhecido");
    expect(statusLabel({ status: "vinted_vacation" }, true)).toBe("Férias");
    expect(statusLabel({ status: "low_stock" })).toBe("Stock Baixo");
    expect(statusVariant("out_of_stock")).toBe("destructive");
    // a status the catalogue lacks shows as it came
    expect(statusLabel({ status: "mystery" })).toBe("mystery");
  });

  it("labels statuses in the user's language", async () => {
    await i18n.changeLanguage("en");
    expect(statusLabel({ status: "unknown" }, true)).toBe("Profile");
    const inStock = i18n.t("common:productStatus.in_stock");
    expect(inStock).not.toBe("Em Stock");
    expect(
      badgeLabel({
        status: "in_stock",
        failureStreak: 1,
        lastCheck: "2026-11-23T14:00:00Z",
      }),
    ).toBe(`${inStock} · last known`);
    await i18n.changeLanguage("es");
    expect(hostPauseText({ pausedUntil: "2000-01-01T00:00:00Z" }, lisbonFormat)).toBe(
      "Sitio en pausa tras un bloqueo · reanudando",
    );
  });

  it("counts low stock as in stock in the status filter and reads the sizes JSON", () => {
    expect(matchesStatusFilter({ status: "low_stock" }, "in_stock")).toBe(true);
    expect(matchesStatusFilter({ status: "vinted_active" }, "unknown")).toBe(false);
    expect(productSizes({ availableSizes: '["S","M"]' })).toEqual(["S", "M"]);
    expect(productSizes({ availableSizes: "não é json" })).toEqual([]);
  });
});

type Row = Parameters<typeof sortProducts>[0][number];
const row = (name: string, status: string, restock: string | null, check: string | null): Row => ({
  name,
  status,
  lastRestockAt: restock,
  lastCheck: check,
});

describe("the list's sorting", () => {
  const rows = [
    row("casaco", "out_of_stock", "2026-11-20T10:00:00Z", "2026-11-23T14:00:00Z"),
    row("Boné", "in_stock", "2026-11-23T09:00:00Z", "2026-11-23T14:05:00Z"),
    row("Anel", "unknown", null, null),
    row("Ténis", "low_stock", "2026-11-22T18:00:00Z", "2026-11-23T13:00:00Z"),
    row("Álbum", "in_stock", null, "2026-11-23T12:00:00Z"),
  ];
  const names = (sort: ProductSort) => sortProducts(rows, sort).map((r) => r.name);

  it("puts what can be bought first, then sold out, then unknown; ties by name", () => {
    expect(names("status-asc")).toEqual(["Álbum", "Boné", "Ténis", "casaco", "Anel"]);
    expect(names("status-desc")).toEqual(["Anel", "casaco", "Ténis", "Álbum", "Boné"]);
  });

  it("sorts names the Portuguese way, ignoring case and accents", () => {
    expect(names("name-asc")).toEqual(["Álbum", "Anel", "Boné", "casaco", "Ténis"]);
    expect(names("name-desc")).toEqual(["Ténis", "casaco", "Boné", "Anel", "Álbum"]);
  });

  it("sorts by last restock and last check, the never-seen ones last either way", () => {
    expect(names("restock-desc")).toEqual(["Boné", "Ténis", "casaco", "Álbum", "Anel"]);
    expect(names("restock-asc")).toEqual(["casaco", "Ténis", "Boné", "Álbum", "Anel"]);
    expect(names("check-desc")).toEqual(["Boné", "casaco", "Ténis", "Álbum", "Anel"]);
    expect(names("check-asc").at(-1)).toBe("Anel");
  });

  it("turns a column around on a second click and starts another its own way", () => {
    expect(nextSort("status-asc", "status")).toBe("status-desc");
    expect(nextSort("status-asc", "restock")).toBe("restock-desc");
    expect(nextSort("restock-desc", "name")).toBe("name-asc");
    expect(PRODUCT_SORTS).toContain(DEFAULT_SORT);
  });
});

describe("honest status", () => {
  const base = { status: "in_stock", platform: "zara", failureStreak: 0, lastCheck: "2026-11-23T14:00:00Z" };

  it("says the status is the last one known while checks fail", () => {
    expect(badgeLabel(base)).toBe("Em Stock");
    expect(badgeLabel({ ...base, failureStreak: 2 })).toBe("Em Stock · último conhecido");
    // never read: nothing older to vouch for
    expect(badgeLabel({ ...base, status: "unknown", failureStreak: 2, lastCheck: null })).toBe(
      "Desconhecido",
    );
  });

  it("says when the site is paused after a block, and until when", () => {
    const now = new Date(2026, 10, 23, 14, 30, 0);
    expect(hostPauseText({ pausedUntil: null }, lisbonFormat, now)).toBeNull();
    expect(
      hostPauseText({ pausedUntil: new Date(2026, 10, 23, 14, 35, 20).toISOString() }, lisbonFormat, now),
    ).toBe("Site em pausa após bloqueio · retoma às 14:35:20");
    expect(
      hostPauseText({ pausedUntil: new Date(2026, 10, 23, 14, 29).toISOString() }, lisbonFormat, now),
    ).toBe("Site em pausa após bloqueio · a retomar");
  });

  it("tells a failing monitor's last attempt from its last success", () => {
    const now = new Date("2026-11-20T15:00:00Z");
    const healthy = { failureStreak: 0, lastCheck: "2026-11-20T14:59:55Z", lastErrorAt: null };
    expect(checkMoments(healthy, lisbonFormat, now)).toEqual([
      { label: "Última verificação:", when: "agora" },
    ]);
    const neverRead = { failureStreak: 124, lastCheck: null, lastErrorAt: "2026-11-20T14:59:30Z" };
    expect(checkMoments(neverRead, lisbonFormat, now)).toEqual([
      { label: "Última tentativa:", when: "há 30 s" },
      { label: "Último sucesso:", when: "Nunca" },
    ]);
    const readBefore = { ...neverRead, lastCheck: "2026-11-18T10:00:00Z" };
    expect(checkMoments(readBefore, lisbonFormat, now)[1]).toEqual({
      label: "Último sucesso:",
      when: "18/11/2026 10:00",
    });
  });
});
