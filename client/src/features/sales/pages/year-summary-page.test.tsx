// @vitest-environment jsdom
import type { YearSummary } from "@common/schemas/year-summary";
import { screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { renderScreen, screenServer } from "@/test/screen";
import { YearSummaryPage } from "./year-summary-page";

const network = screenServer();

const none = { sales: 0, revenue: "0.00", fees: "0.00", cost: "0.00", salesProfit: "0.00" };

/** 2024, whose sales were all recorded in euros, read while the books are kept in another currency */
const summary = (otherCurrencySales: number): YearSummary => ({
  year: 2024,
  years: [2026, 2024],
  months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...none, expenses: "0.00", profit: "0.00" })),
  platforms: [],
  total: { ...none, expenses: "0.00", profit: "0.00" },
  otherCurrencySales,
});

describe("Resumo anual", () => {
  it("says how many of the year's sales are in another currency and out of its figures", async () => {
    network.use(http.get("/api/sales/year-summary", () => HttpResponse.json(summary(2))));
    renderScreen(<YearSummaryPage />, { path: "/sales/summary" });
    expect(await screen.findByText("2 vendas noutra moeda não estão nos totais")).toBeTruthy();
  });

  it("says nothing of other currencies when every sale of the year is in today's", async () => {
    network.use(http.get("/api/sales/year-summary", () => HttpResponse.json(summary(0))));
    renderScreen(<YearSummaryPage />, { path: "/sales/summary" });
    expect(await screen.findByText("Resumo anual 2024")).toBeTruthy();
    expect(screen.queryByText(/noutra moeda/)).toBeNull();
  });
});
