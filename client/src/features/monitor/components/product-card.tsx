import type { ReactNode } from "react";
import type { ProductDto } from "@common/schemas/products";
import { Activity, ExternalLink, Pause, Pencil, Play, Store, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatInterval, formatLastCheck, formatPrice } from "@/lib/format";
import { cn } from "@/lib/utils";
import { isSoldOut, platformLabel, platformPageUrl, productSizes } from "../lib/product-display";
import { CheckFailure, PlatformBadge, StatusBadge } from "./product-badges";
import { ProductImage } from "./product-image";

export interface ProductActions {
  onToggle: (product: ProductDto) => void;
  onEdit: (product: ProductDto) => void;
  onDelete: (product: ProductDto) => void;
  /** "Testar agora": one check at once, showing what it read */
  onTest: (product: ProductDto) => void;
  /** what the last check read (the failure box opens it) */
  onShowCheck: (product: ProductDto) => void;
}

/** a wardrobe can list a hundred items: the card shows the first ones and how many more */
const MAX_CHIPS = 12;

/** two Vinted items may share a title: each repeat gets its own key */
function keyed(list: string[]): { key: string; value: string }[] {
  const seen = new Map<string, number>();
  return list.map((value) => {
    const n = (seen.get(value) ?? 0) + 1;
    seen.set(value, n);
    return { key: `${value}#${n}`, value };
  });
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 text-sm">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}

export function ProductCard({
  product,
  onToggle,
  onEdit,
  onDelete,
  onTest,
  onShowCheck,
}: { product: ProductDto } & ProductActions) {
  const isVinted = product.platform === "vinted";
  const sizes = productSizes(product);
  return (
    <Card
      data-testid="product-card"
      aria-label={product.name}
      className={cn("gap-0 overflow-hidden py-0", isSoldOut(product) && "opacity-60 grayscale")}
    >
      <div className="relative">
        <ProductImage src={product.imageUrl} alt={product.name} className="aspect-[4/3] w-full" />
        <Button
          size="icon-sm"
          variant="secondary"
          className="absolute top-2 left-2 shadow-md"
          aria-label={product.isActive ? "Pausar monitorização" : "Iniciar monitorização"}
          onClick={() => onToggle(product)}
        >
          {product.isActive ? <Pause /> : <Play />}
        </Button>
        <div className="absolute top-2 right-2 flex flex-col items-end gap-1 [&>*]:bg-card/95 [&>*]:shadow-sm">
          <StatusBadge product={product} />
          <PlatformBadge platform={product.platform} />
        </div>
        {!product.isActive && (
          <span className="absolute bottom-2 left-2 rounded bg-black/65 px-2 py-0.5 text-xs font-medium text-white">
            Em pausa
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-2 font-semibold leading-snug">{product.name}</h3>
          <Button asChild variant="ghost" size="icon-sm" className="-mt-1 -mr-2">
            <a
              href={platformPageUrl(product)}
              target="_blank"
              rel="noreferrer noopener"
              aria-label={`Abrir na loja ${platformLabel(product.platform)}`}
            >
              <Store />
            </a>
          </Button>
        </div>
        <CheckFailure product={product} onShowDetail={onShowCheck} />
        <dl className="space-y-1.5">
          {!isVinted && (
            <Detail label="Preço:">
              {product.price ? formatPrice(product.price, product.currency) : "—"}
            </Detail>
          )}
          <Detail label="ID:">{product.productId}</Detail>
          <Detail label="Intervalo:">{formatInterval(product.checkInterval)}</Detail>
          <Detail label="Última verificação:">{formatLastCheck(product.lastCheck)}</Detail>
        </dl>
        {sizes.length > 0 && (
          <div className="space-y-1">
            <p className="text-xs text-muted-foreground">{isVinted ? "Artigos:" : "Tamanhos:"}</p>
            <ul className="flex flex-wrap gap-1">
              {keyed(sizes.slice(0, MAX_CHIPS)).map(({ key, value: size }) => (
                <li
                  key={key}
                  className="max-w-full truncate rounded border bg-muted/50 px-1.5 py-0.5 text-xs"
                  title={size}
                >
                  {size}
                </li>
              ))}
              {sizes.length > MAX_CHIPS && (
                <li className="px-1 py-0.5 text-xs text-muted-foreground">+{sizes.length - MAX_CHIPS}</li>
              )}
            </ul>
          </div>
        )}
        <div className="mt-auto flex items-center gap-2 pt-1">
          <Button variant="outline" size="sm" className="flex-1" onClick={() => onEdit(product)}>
            <Pencil />
            Editar
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            aria-label="Testar agora"
            title="Testar agora"
            onClick={() => onTest(product)}
          >
            <Activity />
          </Button>
          <Button asChild variant="outline" size="icon-sm">
            <a href={product.url} target="_blank" rel="noreferrer noopener" aria-label="Abrir URL do produto">
              <ExternalLink />
            </a>
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            className="text-destructive hover:text-destructive"
            aria-label="Remover produto"
            onClick={() => onDelete(product)}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
    </Card>
  );
}
