import { PLATFORMS, type PlatformKey, productIdFromUrl } from "@common/platforms";
import {
  type ProductDto,
  type ProductInput,
  type ProductValues,
  parseJsonList,
  productInputSchema,
} from "@common/schemas/products";
import { zodResolver } from "@hookform/resolvers/zod";
import { Bell, Layers, Package, Settings2 } from "lucide-react";
import { useEffect } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { formatInterval } from "@/lib/format";
import { Field, FormSection } from "./field";
import { PlatformPicker } from "./platform-picker";
import { PreviewButton } from "./preview-button";
import { VariantsField } from "./variants-field";

export type ProductForm = UseFormReturn<ProductInput, unknown, ProductValues>;

function initialValues(product: ProductDto | null, defaultWebhook: string): ProductInput {
  if (!product) {
    return {
      platform: "zara",
      name: "",
      productId: "",
      url: "",
      price: "",
      imageUrl: "",
      webhookUrl: defaultWebhook,
      checkInterval: PLATFORMS.zara.defaultInterval,
      config: "",
      variants: [],
    };
  }
  return {
    platform: product.platform as PlatformKey,
    name: product.name,
    productId: product.productId,
    url: product.url,
    price: product.price ?? "",
    imageUrl: product.imageUrl ?? "",
    webhookUrl: product.webhookUrl,
    checkInterval: product.checkInterval,
    config: product.config ?? "",
    variants: parseJsonList(product.variants),
  };
}

export function useProductForm(product: ProductDto | null, defaultWebhook: string | undefined): ProductForm {
  const form = useForm<ProductInput, unknown, ProductValues>({
    resolver: zodResolver(productInputSchema),
    defaultValues: initialValues(product, defaultWebhook ?? ""),
  });
  // the settings answer may arrive after the modal opened: prefill only an untouched field
  useEffect(() => {
    if (!product && defaultWebhook && !form.getValues("webhookUrl"))
      form.setValue("webhookUrl", defaultWebhook);
  }, [product, defaultWebhook, form]);
  return form;
}

/**
 * `currency`: the edited product's, as the last check read it; the price is typed and kept in it
 * (euros for a new product).
 */
export function ProductFormFields({ form, currency = "EUR" }: { form: ProductForm; currency?: string }) {
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  const platform = watch("platform");
  const info = PLATFORMS[platform];
  const interval = Number(watch("checkInterval"));
  const fillIdFromUrl = () => {
    if (form.getValues("productId")) return;
    const id = productIdFromUrl(platform, form.getValues("url").trim());
    if (id) setValue("productId", id, { shouldValidate: true });
  };
  const fieldProps = (name: keyof ProductInput) => ({
    id: `product-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `product-${name}-error` : undefined,
  });

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <p className="text-sm font-medium">Plataforma</p>
        <PlatformPicker
          value={platform}
          onChange={(key) => {
            setValue("platform", key);
            setValue("checkInterval", PLATFORMS[key].defaultInterval, { shouldValidate: true });
          }}
        />
        <p className="text-xs text-muted-foreground">{info.description}</p>
      </div>

      <FormSection title="Informação do produto" icon={<Package />}>
        <Field
          id="product-url"
          label="URL do produto"
          error={errors.url?.message}
          hint={`Exemplo: ${info.sampleUrl}`}
          aside={<PreviewButton form={form} />}
        >
          <Input
            {...fieldProps("url")}
            placeholder={info.sampleUrl}
            inputMode="url"
            {...register("url", { onBlur: fillIdFromUrl })}
          />
        </Field>
        <Field id="product-name" label="Nome" error={errors.name?.message}>
          <Input {...fieldProps("name")} placeholder="Ex.: Casaco comprido de lã" {...register("name")} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id="product-productId"
            label="ID do produto"
            error={errors.productId?.message}
            hint="Lido do URL quando possível."
          >
            <Input {...fieldProps("productId")} placeholder="Ex.: 02015602" {...register("productId")} />
          </Field>
          <Field
            id="product-price"
            label={currency === "EUR" ? "Preço (€)" : `Preço (${currency})`}
            error={errors.price?.message}
          >
            <Input {...fieldProps("price")} placeholder="0,00" inputMode="decimal" {...register("price")} />
          </Field>
        </div>
        <Field id="product-imageUrl" label="URL da imagem (opcional)" error={errors.imageUrl?.message}>
          <Input {...fieldProps("imageUrl")} placeholder="https://…" {...register("imageUrl")} />
        </Field>
      </FormSection>

      {platform === "aliexpress" && (
        <FormSection title="Variantes" icon={<Layers />}>
          <p className="text-xs text-muted-foreground">As combinações de cor e tamanho a vigiar.</p>
          <VariantsField
            value={(watch("variants") as string[] | undefined) ?? []}
            onChange={(variants) => setValue("variants", variants)}
          />
        </FormSection>
      )}

      <FormSection title="Webhook de notificação" icon={<Bell />}>
        <Field
          id="product-webhookUrl"
          label="URL do webhook"
          error={errors.webhookUrl?.message}
          hint="Discord, Slack ou outro endereço https que receba os alertas."
        >
          <Input
            {...fieldProps("webhookUrl")}
            placeholder="https://discord.com/api/webhooks/…"
            {...register("webhookUrl")}
          />
        </Field>
      </FormSection>

      <FormSection title="Configurações técnicas" icon={<Settings2 />}>
        <Field
          id="product-checkInterval"
          label="Intervalo de verificação (ms)"
          error={errors.checkInterval?.message}
          hint="Entre 1000 ms (1 s) e 3600000 ms (1 h)."
          aside={
            <span className="text-xs font-medium text-muted-foreground" data-testid="interval-seconds">
              {Number.isFinite(interval) ? `= ${formatInterval(interval)}` : ""}
            </span>
          }
        >
          <Input
            {...fieldProps("checkInterval")}
            type="number"
            min={1000}
            max={3600000}
            step={1000}
            {...register("checkInterval")}
          />
        </Field>
        <Field
          id="product-config"
          label="Configuração (JSON)"
          error={errors.config?.message}
          hint={info.configHelp}
        >
          <Textarea
            {...fieldProps("config")}
            rows={3}
            className="font-mono text-xs"
            placeholder="{}"
            {...register("config")}
          />
        </Field>
      </FormSection>
    </div>
  );
}
