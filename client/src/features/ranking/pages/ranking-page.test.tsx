// @vitest-environment jsdom
import type { PublicUser } from "@common/schemas/auth";
import type { RankingEntry } from "@common/schemas/ranking";
import { screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { renderScreen, screenServer } from "@/test/screen";
import { RankingPage } from "./ranking-page";

const network = screenServer();

const me: PublicUser = {
  id: 1,
  username: "ana",
  fullName: null,
  email: null,
  avatar: null,
  role: "user",
  monitorLimit: 10,
  createdAt: "2026-01-01T00:00:00.000Z",
  disabledAt: null,
  twoFactorEnabled: false,
  hiddenFromRanking: false,
};

const line: RankingEntry = {
  id: 1,
  rank: 1,
  username: "ana",
  fullName: null,
  avatar: null,
  totalRevenue: "90.00",
  totalProfit: "60.00",
  profitMargin: "66.67",
  soldItems: 3,
  totalItems: 3,
  averageProfit: "20.00",
  hidden: false,
};

const answer = (otherCurrencySales: number) => [
  http.get("/api/user", () => HttpResponse.json(me)),
  http.get("/api/ranking", () => HttpResponse.json([line])),
  http.get("/api/ranking/left-out", () => HttpResponse.json({ otherCurrencySales })),
];

describe("Ranking", () => {
  it("says how many sales in another currency are not in its totals", async () => {
    network.use(...answer(3));
    renderScreen(<RankingPage />, { path: "/ranking" });
    expect(await screen.findByText("3 vendas noutra moeda não estão nos totais")).toBeTruthy();
  });

  it("says nothing of other currencies when every sale is in the viewer's", async () => {
    network.use(...answer(0));
    renderScreen(<RankingPage />, { path: "/ranking" });
    expect(await screen.findByText("Receita Total")).toBeTruthy();
    expect(screen.queryByText(/noutra moeda/)).toBeNull();
  });
});
