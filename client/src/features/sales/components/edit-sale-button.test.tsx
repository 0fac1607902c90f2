// @vitest-environment jsdom
import type { Sale } from "@common/schemas/sales";
import { HttpResponse, http } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen, screenServer } from "@/test/screen";
import { EditSaleButton } from "./edit-sale-button";

const network = screenServer();

/** a sale recorded while the books were in US$; the user keeps them in euros now */
const sale: Sale = {
  id: 7,
  inventoryItemId: 3,
  salePrice: "50.00",
  saleDate: "2026-03-14T00:00:00.000Z",
  buyer: null,
  platform: "Vinted",
  fees: "5.00",
  profit: "15.00",
  currency: "USD",
  quantity: 1,
  createdAt: "2026-03-14T00:00:00.000Z",
  item: {
    id: 3,
    name: "Casaco Zara",
    sku: null,
    size: null,
    price: "30.00",
    shippingPrice: "0.00",
    quantity: 1,
    purchaseDate: null,
    createdAt: "2026-03-01T00:00:00.000Z",
  },
};

/** Intl writes "15,00 US$" with a no-break space: compared as a person reads it */
const readable = (text: string | null) => (text ?? "").replace(/\s/g, " ");

describe("Editar Venda", () => {
  it("names the sale's own currency in its amounts, not the books currency of today", async () => {
    network.use(http.put("/api/sales/7", () => HttpResponse.json({ ...sale, salePrice: "60.00" })));
    const { user } = renderScreen(<EditSaleButton sale={sale} />, { path: "/sales" });
    await user.click(screen.getByRole("button", { name: "Editar venda de Casaco Zara" }));
    const dialog = await screen.findByRole("dialog");
    const price = within(dialog).getByLabelText("Preço de venda (US$)");
    expect(within(dialog).getByLabelText("Taxas (US$)")).toBeTruthy();
    expect(readable(dialog.textContent)).toContain("15,00 US$");
    expect(within(dialog).queryByText(/€/)).toBeNull();

    await user.clear(price);
    await user.type(price, "60");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(network.writes()).toEqual([
        { method: "PUT", path: "/api/sales/7", body: expect.objectContaining({ salePrice: "60.00" }) },
      ]),
    );
  });
});
