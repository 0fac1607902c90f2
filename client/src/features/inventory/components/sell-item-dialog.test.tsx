// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { inventoryItem } from "@/test/fixtures";
import { pick, renderScreen, screenServer } from "@/test/screen";
import { SellItemDialog } from "./sell-item-dialog";

const network = screenServer();

const item = (quantity: number) =>
  inventoryItem({
    id: 7,
    name: "Camisola de malha",
    price: "20.00",
    quantity,
    purchaseLocation: "Feira da Ladra",
  });

function open(units = 1) {
  const onClose = vi.fn();
  const view = renderScreen(<SellItemDialog item={item(units)} onClose={onClose} />, { path: "/inventory" });
  return { ...view, onClose, dialog: () => screen.getByRole("dialog") };
}

describe("Registrar Venda from the inventory", () => {
  it("asks for the sale price and the platform, sends nothing and keeps the item", async () => {
    const { user, dialog, onClose } = open();
    expect(within(dialog()).getByText("Camisola de malha")).toBeTruthy();
    await user.click(within(dialog()).getByRole("button", { name: "Registrar Venda" }));
    expect(await within(dialog()).findByText("Preço de venda obrigatório")).toBeTruthy();
    expect(within(dialog()).getByText("Plataforma obrigatória")).toBeTruthy();
    // one unit: nothing to count
    expect(within(dialog()).queryByLabelText("Unidades vendidas")).toBeNull();
    expect(network.writes()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("from a lot: asks how many units, sells them with the total price and closes", async () => {
    network.use(http.post("/api/sales", () => HttpResponse.json({ id: 3 }, { status: 201 })));
    const { user, dialog, onClose } = open(3);
    expect(within(dialog()).getByText("De 3 unidades em stock")).toBeTruthy();
    const units = within(dialog()).getByLabelText("Unidades vendidas");
    await user.clear(units);
    await user.type(units, "2");
    await user.type(within(dialog()).getByLabelText(/^Preço de venda/), "2*40");
    await pick(user, within(dialog()).getByRole("combobox", { name: "Plataforma" }), "Vinted");
    await user.click(within(dialog()).getByRole("button", { name: "Registrar Venda" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(network.writes()).toEqual([
      {
        method: "POST",
        path: "/api/sales",
        body: expect.objectContaining({
          inventoryItemId: 7,
          quantity: 2,
          salePrice: "80.00",
          platform: "Vinted",
        }),
      },
    ]);
    expect(await screen.findByText("Venda registrada com sucesso!")).toBeTruthy();
  });
});
