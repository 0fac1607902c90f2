import { startingInterval } from "@common/interval";
import { moneyFieldText, NO_CURRENCY } from "@common/money";
import type { PlatformCatalogue } from "@common/platforms";
import {
  type ProductDto,
  type ProductInput,
  type ProductValues,
  parseJsonList,
  productInputSchema,
} from "@common/schemas/products";
import { zodResolver } from "@hookform/resolvers/zod";
import { Bell, ChevronRight, Filter, Layers, Package, Search, Settings2, Store } from "lucide-react";
import { type ChangeEvent, type FocusEvent, useEffect, useMemo, useState } from "react";
import { type FieldError, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { WebhookTest } from "@/components/webhook-test";
import { useDefaultInterval } from "../api/get-default-interval";
import { FormField } from "@/components/form-field";
import { translateMessage } from "@/lib/i18n";
import { usePlatformTexts, usePlatforms } from "@/lib/platforms";
import { AlertChannelsField } from "./alert-channels-field";
import { FormSection } from "./form-section";
import { IntervalField } from "./interval-field";
import { PlatformPicker } from "./platform-picker";
import { ProductRulesFields, SearchRulesFields } from "./rules-fields";
import { AutofillStatus, useUrlAutofill } from "./url-autofill";
import { VariantsField } from "./variants-field";

export type ProductForm = UseFormReturn<ProductInput, unknown, ProductValues>;

/** a field's error (the shared schema's or the server's, in pt-PT) in the user's language */
const errorText = (error: FieldError | undefined) =>
  error?.message ? translateMessage(error.message) : undefined;

function initialValues(
  product: ProductDto | null,
  defaultWebhook: string,
  platforms: PlatformCatalogue,
  defaultInterval: number | undefined,
): ProductInput {
  if (!product) {
    // the first platform of the catalogue until a pasted URL names another
    const first = platforms.list[0];
    return {
      platform: first?.key ?? "",
      name: "",
      productId: "",
      url: "",
      price: "",
      imageUrl: "",
      webhookUrl: defaultWebhook,
      checkInterval: startingInterval(first?.defaultInterval ?? 60_000, defaultInterval),
      config: "",
      variants: [],
      monitorType: "stock",
      rules: {},
    };
  }
  return {
    platform: product.platform,
    name: product.name,
    productId: product.productId,
    url: product.url,
    price: moneyFieldText(product.price),
    imageUrl: product.imageUrl ?? "",
    webhookUrl: product.webhookUrl,
    checkInterval: product.checkInterval,
    config: product.config ?? "",
    variants: parseJsonList(product.variants),
    alertChannels: product.alertChannels,
    monitorType: product.monitorType === "search" ? "search" : "stock",
    rules: product.rules ?? {},
  };
}

export function useProductForm(product: ProductDto | null, defaultWebhook: string | undefined): ProductForm {
  const platforms = usePlatforms();
  const defaultInterval = useDefaultInterval().data;
  const schema = useMemo(() => productInputSchema(platforms), [platforms]);
  const form = useForm<ProductInput, unknown, ProductValues>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(product, defaultWebhook ?? "", platforms, defaultInterval),
  });
  // the settings answer may arrive after the modal opened: prefill only an untouched field
  useEffect(() => {
    if (!product && defaultWebhook && !form.getValues("webhookUrl"))
      form.setValue("webhookUrl", defaultWebhook);
  }, [product, defaultWebhook, form]);
  useEffect(() => {
    const platformDefault = platforms.get(form.getValues("platform"))?.defaultInterval;
    if (!product && platformDefault && Number(form.getValues("checkInterval")) === platformDefault)
      form.setValue("checkInterval", startingInterval(platformDefault, defaultInterval));
  }, [product, defaultInterval, form, platforms]);
  return form;
}

/**
 * The modal's fields, paste first: the URL, what the page gave, then the platform picker for the
 * rare site the URL does not name. `product`: the one edited, if any; its currency (as the last check
 * read it) is the price's, typed and kept in it (euros for a new product).
 */
export function ProductFormFields({ form, product }: { form: ProductForm; product?: ProductDto | null }) {
  const { t } = useTranslation("monitor");
  const currency = product?.currency ?? "EUR";
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  const platform = watch("platform");
  const platforms = usePlatforms();
  const info = platforms.get(platform);
  const urlValue = String(watch("url") ?? "");
  // "Produto" or "Pesquisa": the pasted URL says which (a catalogue page, a collection)
  const isSearch = platforms.searchOf(platform, urlValue) !== null;
  useEffect(() => {
    if ((form.getValues("monitorType") === "search") !== isSearch)
      setValue("monitorType", isSearch ? "search" : "stock");
  }, [isSearch, form, setValue]);
  const texts = usePlatformTexts(platform);
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
          label={t("form.url")}
          error={errorText(errors.url)}
          // once the page is being read, the status below says what happens
          hint={autofill.state.kind === "idle" ? t("form.urlHint") : undefined}
        >
          <Input
            {...fieldProps("url")}
            placeholder={t("form.urlPlaceholder")}
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

      <fieldset className="flex gap-1 rounded-md border bg-muted/40 p-1" aria-label={t("rules.kind")}>
        {(["stock", "search"] as const).map((kind) => {
          const active = (kind === "search") === isSearch;
          return (
            <span
              key={kind}
              data-testid={`monitor-kind-${kind}`}
              aria-current={active ? "true" : undefined}
              className={`flex flex-1 items-center justify-center gap-1.5 rounded px-2 py-1.5 text-sm ${
                active ? "bg-background font-medium shadow-sm" : "text-muted-foreground"
              }`}
            >
              {kind === "search" ? <Search className="size-4" /> : <Package className="size-4" />}
              {kind === "search" ? t("rules.kindSearch") : t("rules.kindProduct")}
            </span>
          );
        })}
      </fieldset>
      {isSearch && <p className="text-xs text-muted-foreground">{t("rules.searchDetected")}</p>}

      <FormSection title={t("form.infoSection")} icon={<Package />}>
        <FormField id="product-name" label={t("form.name")} error={errorText(errors.name)}>
          <Input {...fieldProps("name")} placeholder={t("form.namePlaceholder")} {...register("name")} />
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="product-productId"
            label={t("form.productId")}
            error={errorText(errors.productId)}
            hint={t("form.productIdHint")}
          >
            <Input
              {...fieldProps("productId")}
              placeholder={t("form.productIdPlaceholder")}
              {...register("productId")}
            />
          </FormField>
          <FormField
            id="product-price"
            label={
              currency === NO_CURRENCY
                ? t("form.priceNoCurrency")
                : t("form.price", { currency: currency === "EUR" ? "€" : currency })
            }
            error={errorText(errors.price)}
          >
            <Input {...fieldProps("price")} placeholder="0,00" inputMode="decimal" {...register("price")} />
          </FormField>
        </div>
        <FormField id="product-imageUrl" label={t("form.imageUrl")} error={errorText(errors.imageUrl)}>
          <Input
            {...fieldProps("imageUrl")}
            placeholder="https://…" // i18n-ignore: an address
            {...register("imageUrl")}
          />
        </FormField>
        {sizes.length > 0 && (
          <div className="space-y-1.5" data-testid="preview-sizes">
            <p className="text-sm font-medium">{t("form.previewSizes")}</p>
            <ul className="flex flex-wrap gap-1.5" aria-label={t("form.previewSizes")}>
              {sizes.map((size) => (
                <li key={size} className="rounded-md border bg-card px-2 py-0.5 text-xs font-medium">
                  {size}
                </li>
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">{t("form.previewSizesNote")}</p>
          </div>
        )}
      </FormSection>

      <FormSection title={t("form.platform")} icon={<Store />}>
        <p className="text-xs text-muted-foreground">{t("form.platformNote")}</p>
        <PlatformPicker value={platform} onChange={autofill.choosePlatform} />
        <div className="space-y-0.5 text-xs text-muted-foreground">
          {texts && <p>{texts.description}.</p>}
          {info && <p className="break-all">{t("form.example", { url: info.sampleUrl })}</p>}
        </div>
      </FormSection>

      {info?.variants && (
        <FormSection title={t("form.variants")} icon={<Layers />}>
          <p className="text-xs text-muted-foreground">{t("form.variantsNote")}</p>
          <VariantsField
            value={(watch("variants") as string[] | undefined) ?? []}
            onChange={(variants) => setValue("variants", variants)}
          />
        </FormSection>
      )}

      <FormSection title={isSearch ? t("rules.searchSection") : t("rules.productSection")} icon={<Filter />}>
        {isSearch ? (
          <SearchRulesFields form={form} vinted={info?.search === "vinted"} />
        ) : (
          <ProductRulesFields form={form} />
        )}
      </FormSection>

      <FormSection title={t("form.webhookSection")} icon={<Bell />}>
        <FormField
          id="product-webhookUrl"
          label={t("form.webhookUrl")}
          error={errorText(errors.webhookUrl)}
          hint={t("form.webhookHint")}
        >
          <WebhookTest
            url={String(watch("webhookUrl") ?? "")}
            onTelegram={(url) => setValue("webhookUrl", url, { shouldDirty: true, shouldValidate: true })}
          >
            <Input
              {...fieldProps("webhookUrl")}
              placeholder="https://discord.com/api/webhooks/…" // i18n-ignore: an address
              {...register("webhookUrl")}
            />
          </WebhookTest>
        </FormField>
        <AlertChannelsField form={form} />
      </FormSection>

      <FormSection title={t("form.checkSection")} icon={<Settings2 />}>
        <IntervalField form={form} product={product ?? undefined} />
        <details
          open={advanced}
          onToggle={(e) => setAdvanced(e.currentTarget.open)}
          className="group rounded-md border bg-card"
        >
          <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-4 text-muted-foreground transition-transform group-open:rotate-90" />
            {t("form.advanced")}
          </summary>
          <div className="border-t px-3 pt-2 pb-3">
            <FormField
              id="product-config"
              label={t("form.config")}
              error={errorText(errors.config)}
              hint={texts?.configHelp}
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
