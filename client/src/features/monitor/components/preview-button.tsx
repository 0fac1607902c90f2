import { Wand2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ApiError, errorMessage } from "@/lib/http";
import { usePreviewProduct } from "../api/preview-product";
import type { ProductForm } from "./product-form";

/** fills name, id, image and price from the pasted URL */
export function PreviewButton({ form }: { form: ProductForm }) {
  const preview = usePreviewProduct();
  const fill = async () => {
    const ok = await form.trigger("url");
    if (!ok) return;
    const { platform, url, config } = form.getValues();
    // the configuration may name another URL to read (Levi's stockUrl): the server checks it too
    preview.mutate(
      { platform, url, config: config?.trim() ? config : null },
      {
        onSuccess: (data) => {
          const set = (name: "name" | "productId" | "imageUrl" | "price", value: string | null) => {
            if (value) form.setValue(name, value, { shouldValidate: true });
          };
          set("name", data.name);
          set("productId", data.productId);
          set("imageUrl", data.imageUrl);
          // the form's price is in euros: a price in another currency is left for the first check
          const inEuros = !data.currency || data.currency === "EUR";
          set("price", data.price && inEuros ? data.price.replace(".", ",") : null);
          toast.success("Dados preenchidos a partir do URL");
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404) {
            toast.info("Preenchimento automático indisponível", {
              description: "Preencha os campos manualmente.",
            });
          } else {
            toast.error("Não foi possível ler a página", {
              description: errorMessage(error, "Erro desconhecido"),
            });
          }
        },
      },
    );
  };
  return (
    <Button
      variant="link"
      size="sm"
      className="h-auto p-0 text-xs"
      onClick={fill}
      disabled={preview.isPending}
    >
      <Wand2 className="size-3.5" />
      {preview.isPending ? "A ler a página…" : "Preencher a partir do URL"}
    </Button>
  );
}
