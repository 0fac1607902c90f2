// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { renderScreen, screenServer } from "@/test/screen";
import { MetricsForm } from "./metrics-form";

const network = screenServer();

const SAVED = {
  totalRevenue: "0.00",
  totalProfit: "0.00",
  profitMargin: "0.00",
  totalItemsSold: 0,
  totalItemsInStock: 0,
};

function open() {
  const onDone = vi.fn();
  const view = renderScreen(<MetricsForm values={SAVED} onDone={onDone} />, { path: "/admin" });
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const write = async (label: string, text: string) => {
    await view.user.clear(field(label));
    if (text) await view.user.type(field(label), text);
  };
  const save = () => view.user.click(screen.getByRole("button", { name: "Guardar" }));
  return { ...view, onDone, field, write, save };
}

describe("Métricas Financeiras, editadas à mão", () => {
  it("an empty revenue and a negative count are refused in Portuguese, and nothing is sent", async () => {
    const { write, save, onDone } = open();
    await write("Receita total (€)", "");
    await write("Itens vendidos", "-1");
    await save();
    expect(await screen.findByText("Receita total obrigatória")).toBeTruthy();
    expect(screen.getByText("Total de itens vendidos deve ser positivo")).toBeTruthy();
    expect(network.writes()).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("figures written as a person writes them (1.234,50; 24,3) are sent as numbers and the form closes", async () => {
    network.use(
      http.put("/api/admin/financial-metrics", async ({ request }) =>
        HttpResponse.json({ ...((await request.json()) as object), updatedAt: null, updatedBy: null }),
      ),
    );
    const { write, save, onDone } = open();
    await write("Receita total (€)", "1.234,50");
    await write("Lucro total (€)", "300");
    await write("Margem de lucro (%)", "24,3");
    await write("Itens vendidos", "12");
    await write("Itens em stock", "4");
    await save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(await screen.findByText("Métricas financeiras atualizadas com sucesso")).toBeTruthy();
    expect(network.writes()).toEqual([
      {
        method: "PUT",
        path: "/api/admin/financial-metrics",
        body: {
          totalRevenue: "1234.50",
          totalProfit: "300.00",
          profitMargin: "24.30",
          totalItemsSold: 12,
          totalItemsInStock: 4,
        },
      },
    ]);
  });
});
