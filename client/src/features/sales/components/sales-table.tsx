import type { Sale } from "@common/schemas/sales";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/user-settings";
import { DeleteSaleButton } from "./delete-sale-button";
import { EditSaleButton } from "./edit-sale-button";
import { ProfitText } from "./profit-text";

export function SalesTable({ sales }: { sales: Sale[] }) {
  const f = useFormat();
  return (
    <Card className="gap-0 overflow-hidden py-0">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Item</TableHead>
            <TableHead>Comprador</TableHead>
            <TableHead>Plataforma</TableHead>
            <TableHead className="text-right">Preço de Venda</TableHead>
            <TableHead className="text-right">Taxas</TableHead>
            <TableHead className="text-right">Lucro</TableHead>
            <TableHead>Data</TableHead>
            <TableHead className="w-20">
              <span className="sr-only">Ações</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sales.map((sale) => (
            <TableRow key={sale.id} data-testid="sale-row">
              <TableCell className="max-w-56">
                <p className="truncate font-medium">{sale.item?.name ?? "Item removido"}</p>
                {sale.item?.sku && (
                  <p className="truncate text-xs text-muted-foreground">SKU: {sale.item.sku}</p>
                )}
              </TableCell>
              <TableCell className="max-w-40 truncate">{sale.buyer || "—"}</TableCell>
              <TableCell className="max-w-40 truncate">{sale.platform || "—"}</TableCell>
              <TableCell className="text-right tabular-nums">{f.money(sale.salePrice)}</TableCell>
              <TableCell className="text-right tabular-nums text-muted-foreground">
                {f.money(sale.fees)}
              </TableCell>
              <TableCell className="text-right">
                <ProfitText value={sale.profit} />
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{f.saleDate(sale.saleDate)}</TableCell>
              <TableCell>
                <div className="flex shrink-0">
                  <EditSaleButton sale={sale} />
                  <DeleteSaleButton sale={sale} />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
