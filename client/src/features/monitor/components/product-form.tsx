import { PLATFORMS, type PlatformKey } from "@common/platforms";
import {
  type ProductDto,
  type ProductInput,
  type ProductValues,
  parseJsonList,
  productInputSchema,
} from "@common/schemas/products";
import { zodResolver } from "@hookform/resolvers/zod";
import { Bell, ChevronRight, Layers, Package, Settings2, Store } from "lucide-react";
import { type ChangeEvent, type FocusEvent, useEffect, useState } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { WebhookTest } from "@/components/webhook-test";
import { FormField } from "@/components/form-field";
import { FormSection } from "./form-section";
import { IntervalField } from "./interval-field";
import { PlatformPicker } from "./platform-picker";
import { AutofillStatus, useUrlAutofill } from "./url-autofill";
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
 * The modal's fields, paste first: the URL, what the page gave, then the platform picker for the
 * rare site the URL does not name. `currency`: the edited product's, as the last check read it; the
 * price is typed and kept in it (euros for a new product).
 */
export function ProductFormFields({ form, currency = "EUR" }: { form: ProductForm; currency?: string }) {
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  const platform = watch("platform");
  const info = PLATFORMS[platform];
  const autofill = useUrlAutofill(form);
  const sizes = autofill.state.kind === "done" ? autofill.state.sizes : [];
  const [advanced, setAdvanced] = useState(() => Boolean(form.getValues("config")));
  // a configuration error opens the part it is in
  useEffect(() => {
    if (errors.config) setAdvanced(true);
  }, [errors.config]);

  const fieldProps = (name: keyof ProductInput) => ({
    id: `product-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `product-${name}-error` : undefined,
  });
  const url = register("url", {
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      autofill.onUrlChange(e.target.value, (e.nativeEvent as InputEvent).inputType === "insertFromPaste"),
    onBlur: (e: FocusEvent<HTMLInputElement>) => autofill.read(e.target.value),
  });

  return (
    <div className="min-w-0 space-y-4">
      <div className="space-y-2">
        <FormField
          id="product-url"
          label="URL do produto"
          error={errors.url?.message}
          // once the page is being read, the status below says what happens
          hint={
            autofill.state.kind === "idle"
              ? "A plataforma, o nome, o preço, a imagem e os tamanhos são lidos da página."
              : undefined
          }
        >
          <Input
            {...fieldProps("url")}
            placeholder="Cole aqui o link do produto"
            inputMode="url"
            autoComplete="off"
            className="h-10"
            {...url}
          />
        </FormField>
        <AutofillStatus
          state={autofill.state}
          platform={platform}
          onRetry={() => autofill.read(form.getValues("url"), true)}
        />
      </div>

      <FormSection title="Informação do produto" icon={<Package />}>
        <FormField id="product-name" label="Nome" error={errors.name?.message}>
          <Input {...fieldProps("name")} placeholder="Ex.: Casaco comprido de lã" {...register("name")} />
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="product-productId"
            label="ID do produto"
            error={errors.productId?.message}
            hint="Lido do URL quando possível."
          >
            <Input {...fieldProps("productId")} placeholder="Ex.: 02015602" {...register("productId")} />
          </FormField>
          <FormField
            id="product-price"
            label={currency === "EUR" ? "Preço (€)" : `Preço (${currency})`}
            error={errors.price?.message}
          >
            <Input {...fieldProps("price")} placeholder="0,00" inputMode="decimal" {...register("price")} />
          </FormField>
        </div>
        <FormField id="product-imageUrl" label="URL da imagem (opcional)" error={errors.imageUrl?.message}>
          <Input {...fieldProps("imageUrl")} placeholder="https://…" {...register("imageUrl")} />
        </FormField>
        {sizes.length > 0 && (
          <div className="space-y-1.5" data-testid="preview-sizes">
            <p className="text-sm font-medium">Tamanhos na página</p>
            <ul className="flex flex-wrap gap-1.5" aria-label="Tamanhos na página">
              {sizes.map((size) => (
                <li key={size} className="rounded-md border bg-card px-2 py-0.5 text-xs font-medium">
                  {size}
                </li>
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">
              Os disponíveis agora aparecem no cartão depois da primeira verificação.
            </p>
          </div>
        )}
      </FormSection>

      <FormSection title="Plataforma" icon={<Store />}>
        <p className="text-xs text-muted-foreground">
          Escolhida pelo URL colado; mude-a só se o site não for reconhecido.
        </p>
        <PlatformPicker value={platform} onChange={autofill.choosePlatform} />
        <div className="space-y-0.5 text-xs text-muted-foreground">
          <p>{info.description}.</p>
          <p className="break-all">Exemplo: {info.sampleUrl}</p>
        </div>
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
        <FormField
          id="product-webhookUrl"
          label="URL do webhook"
          error={errors.webhookUrl?.message}
          hint="Discord, Slack ou outro endereço https que receba os alertas."
        >
          <WebhookTest url={String(watch("webhookUrl") ?? "")}>
            <Input
              {...fieldProps("webhookUrl")}
              placeholder="https://discord.com/api/webhooks/…"
              {...register("webhookUrl")}
            />
          </WebhookTest>
        </FormField>
      </FormSection>

      <FormSection title="Verificação" icon={<Settings2 />}>
        <IntervalField form={form} />
        <details
          open={advanced}
          onToggle={(e) => setAdvanced(e.currentTarget.open)}
          className="group rounded-md border bg-card"
        >
          <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-4 text-muted-foreground transition-transform group-open:rotate-90" />
            Avançado
          </summary>
          <div className="border-t px-3 pt-2 pb-3">
            <FormField
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
            </FormField>
          </div>
        </details>
      </FormSection>
    </div>
  );
}
