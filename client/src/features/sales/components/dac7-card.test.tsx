// @vitest-environment jsdom
import type { Dac7 } from "@common/schemas/dac7";
import { screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { readable, renderScreen, screenServer, settingsAnswer } from "@/test/screen";
import { Dac7Card } from "./dac7-card";

const network = screenServer();

/** a year on Vinted: a euro sale of 1 900 and one in US$, counted but not added */
const dac7: Dac7 = {
  year: 2026,
  years: [2026],
  salesThreshold: 30,
  amountThreshold: "2000.00",
  currency: "EUR",
  otherCurrencySales: 1,
  platforms: [{ platform: "Vinted", sales: 2, total: "1900.00", otherCurrencySales: 1, level: "near" }],
};

describe("DAC7 card", () => {
  it("writes the threshold and the totals in euros while the books are in US$, and what it left out", async () => {
    network.use(
      http.get("/api/settings", () => HttpResponse.json(settingsAnswer({ currency: "USD" }))),
      http.get("/api/sales/dac7", () => HttpResponse.json(dac7)),
    );
    renderScreen(<Dac7Card />, { path: "/sales" });
    // shown once the settings say US$
    await screen.findByText(/O limite da UE é em euros/);
    const text = readable(screen.getByTestId("dac7-card").textContent);
    expect(text).toContain("mais de 2 000,00 € num ano civil");
    expect(text).toContain("2/30 vendas · 1 900,00 € de 2 000,00 €");
    expect(text).toContain("1 venda noutra moeda não está nos totais");
    expect(text).not.toContain("US$");
  });

  it("says nothing of euros or left-out sales when the books are in euros and every sale is", async () => {
    network.use(
      http.get("/api/sales/dac7", () =>
        HttpResponse.json({
          ...dac7,
          otherCurrencySales: 0,
          platforms: [{ ...dac7.platforms[0], sales: 1, otherCurrencySales: 0 }],
        }),
      ),
    );
    renderScreen(<Dac7Card />, { path: "/sales" });
    const card = await screen.findByTestId("dac7-card");
    const text = readable(card.textContent);
    expect(text).toContain("1/30 venda · 1 900,00 € de 2 000,00 €");
    expect(text).not.toContain("O limite da UE é em euros");
    expect(text).not.toContain("noutra moeda");
  });
});
