// @vitest-environment jsdom
import { HttpResponse, http } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { inventoryItem } from "@/test/fixtures";
import { pick, readable, renderScreen, screenServer } from "@/test/screen";
import { NewSaleDialog } from "./new-sale-dialog";

const item = (id: number, name: string, status = "in_stock") =>
  inventoryItem({ id, name, shippingPrice: "4.50", status });

const network = screenServer();

function open() {
  network.use(
    http.get("/api/inventory", () =>
      HttpResponse.json([item(1, "Casaco Zara"), item(2, "Labubu vendido", "sold"), item(3, "Ténis Levi's")]),
    ),
  );
  const onOpenChange = vi.fn();
  const view = renderScreen(<NewSaleDialog open onOpenChange={onOpenChange} />, { path: "/sales" });
  return { ...view, onOpenChange, dialog: () => screen.getByRole("dialog") };
}

describe("Nova Venda", () => {
  it("says what is missing, in Portuguese, and sends nothing", async () => {
    const { user, dialog } = open();
    await user.clear(within(dialog()).getByLabelText("Data da venda"));
    await user.click(within(dialog()).getByRole("button", { name: "Registrar Venda" }));
    expect(await within(dialog()).findByText("Data da venda obrigatória")).toBeTruthy();

    await user.type(within(dialog()).getByLabelText("Data da venda"), "2026-03-14");
    await user.click(within(dialog()).getByRole("button", { name: "Registrar Venda" }));
    expect(await within(dialog()).findByText("Selecione um item")).toBeTruthy();
    expect(within(dialog()).getByText("Preço de venda obrigatório")).toBeTruthy();
    expect(within(dialog()).getByText("Plataforma obrigatória")).toBeTruthy();
    expect(network.writes()).toEqual([]);
  });

  it("offers only the items in stock, with their price in the user's format", async () => {
    const { user, dialog } = open();
    await user.click(await within(dialog()).findByRole("combobox", { name: "Item" }));
    const options = (await screen.findAllByRole("option")).map((o) => readable(o.textContent));
    expect(options).toEqual(["Casaco Zara · 30,00 €", "Ténis Levi's · 30,00 €"]);
  });

  it("sends the sum typed in the price, the day at 00:00 UTC and the item; closes on success", async () => {
    network.use(http.post("/api/sales", () => HttpResponse.json({ id: 9 }, { status: 201 })));
    const { user, dialog, onOpenChange } = open();
    await pick(
      user,
      await within(dialog()).findByRole("combobox", { name: "Item" }),
      "Ténis Levi's · 30,00 €",
    );
    await user.type(within(dialog()).getByLabelText(/^Preço de venda/), "40+5,5");
    await pick(user, within(dialog()).getByRole("combobox", { name: "Plataforma" }), "Vinted");
    const date = within(dialog()).getByLabelText("Data da venda");
    await user.clear(date);
    await user.type(date, "2026-03-14");
    await user.click(within(dialog()).getByRole("button", { name: "Registrar Venda" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(network.writes()).toEqual([
      {
        method: "POST",
        path: "/api/sales",
        body: expect.objectContaining({
          inventoryItemId: 3,
          salePrice: "45.50",
          fees: "0.00",
          platform: "Vinted",
          saleDate: "2026-03-14T00:00:00.000Z",
        }),
      },
    ]);
    expect(await screen.findByText("Venda registrada com sucesso!")).toBeTruthy();
  });

  it("shows the server's refusal beside its field and in a toast, and stays open", async () => {
    network.use(
      http.post("/api/sales", () =>
        HttpResponse.json(
          {
            message: "Este item já foi vendido",
            errors: [{ path: "inventoryItemId", message: "Este item já foi vendido" }],
          },
          { status: 409 },
        ),
      ),
    );
    const { user, dialog, onOpenChange } = open();
    await pick(
      user,
      await within(dialog()).findByRole("combobox", { name: "Item" }),
      "Casaco Zara · 30,00 €",
    );
    await user.type(within(dialog()).getByLabelText(/^Preço de venda/), "50");
    await pick(user, within(dialog()).getByRole("combobox", { name: "Plataforma" }), "Vinted");
    await user.click(within(dialog()).getByRole("button", { name: "Registrar Venda" }));

    expect(await screen.findByText("Falha ao registrar venda: Este item já foi vendido")).toBeTruthy();
    expect(within(dialog()).getByText("Este item já foi vendido")).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
