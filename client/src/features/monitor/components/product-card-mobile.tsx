import type { ProductDto } from "@common/schemas/products";
import { Activity, ExternalLink, Pause, Pencil, Play, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatInterval, formatLastCheck } from "@/lib/format";
import { cn } from "@/lib/utils";
import { isSoldOut } from "../lib/product-display";
import { CheckFailure, PlatformBadge, StatusBadge } from "./product-badges";
import type { ProductActions } from "./product-card";
import { ProductImage } from "./product-image";

function lastCheckText(lastCheck: string | null): string {
  if (!lastCheck) return "Nunca verificado";
  const when = formatLastCheck(lastCheck);
  return /^\d{2}:\d{2}$/.test(when) ? `Verificado às ${when}` : `Verificado ${when}`;
}

export function ProductCardMobile({
  product,
  onToggle,
  onEdit,
  onDelete,
  onTest,
  onShowCheck,
}: { product: ProductDto } & ProductActions) {
  return (
    <article
      data-testid="product-card"
      aria-label={product.name}
      className={cn(
        "space-y-3 rounded-xl border bg-card p-3 shadow-xs",
        isSoldOut(product) && "opacity-60 grayscale",
      )}
    >
      <div className="flex gap-3">
        <ProductImage src={product.imageUrl} alt={product.name} className="size-16 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="line-clamp-2 text-sm font-semibold leading-snug">{product.name}</h3>
          <p className="truncate text-xs text-muted-foreground">{product.url}</p>
          <div className="flex flex-wrap gap-1">
            <StatusBadge product={product} />
            <PlatformBadge platform={product.platform} />
            {!product.isActive && <span className="text-xs text-muted-foreground">Em pausa</span>}
          </div>
        </div>
      </div>
      <CheckFailure product={product} onShowDetail={onShowCheck} />
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>Intervalo: {formatInterval(product.checkInterval)}</span>
        <span>{lastCheckText(product.lastCheck)}</span>
      </div>
      <div className="flex gap-2">
        <Button
          variant={product.isActive ? "secondary" : "success"}
          size="sm"
          className="flex-1"
          onClick={() => onToggle(product)}
        >
          {product.isActive ? <Pause /> : <Play />}
          {product.isActive ? "Pausar" : "Iniciar"}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onEdit(product)}>
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
    </article>
  );
}
