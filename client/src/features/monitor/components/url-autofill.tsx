import { moneyFieldText } from "@common/money";
import { isHttpUrl } from "@common/http-url";
import { startingInterval } from "@common/interval";
import { type PlatformKey, readerName } from "@common/platforms";
import { CircleAlert, CircleCheck, Loader2, RotateCw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { usePlatforms } from "@/lib/platforms";
import { useDefaultInterval } from "../api/get-default-interval";
import { usePreviewProduct } from "../api/preview-product";
import type { ProductForm } from "./product-form";

/** what typing stops for before the page is read; a paste reads it at once */
const TYPING_PAUSE_MS = 600;

/** the fields the page fills */
type Filled = "name" | "productId" | "imageUrl" | "price";

export type AutofillState =
  | { kind: "idle" }
  | { kind: "unknown-site" }
  | { kind: "loading"; url: string }
  | { kind: "error"; url: string; message: string }
  | { kind: "done"; url: string; sizes: string[]; reader: string | null };

/**
 * Paste first: a product URL picks its platform from the catalogue's hosts and the page is read at
 * once (the preview), filling name, id, image and price. A field is filled only while it is empty
 * or still holds what an earlier reading put there: what the user typed is never overwritten.
 */
export function useUrlAutofill(form: ProductForm) {
  const platforms = usePlatforms();
  const defaultInterval = useDefaultInterval().data;
  const preview = usePreviewProduct();
  const [state, setState] = useState<AutofillState>({ kind: "idle" });
  // what the page (or the URL) put in each field, so a later reading may replace it
  const filled = useRef<Partial<Record<Filled, string>>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reading = useRef(0);
  const lastRead = useRef("");

  // an edited product's page is not read again unless its URL changes; its id, when it came from
  // that URL, follows a new URL like a filled one
  useEffect(() => {
    const { productId, platform, url } = form.getValues();
    lastRead.current = url.trim();
    if (productId && url && productId === platforms.productIdFromUrl(platform, url))
      filled.current.productId = productId;
    return () => clearTimeout(timer.current);
  }, [form, platforms]);

  const fill = useCallback(
    (name: Filled, value: string | null) => {
      if (!value) return;
      const current = String(form.getValues(name) ?? "").trim();
      if (current !== "" && current !== filled.current[name]) return;
      filled.current[name] = value;
      form.setValue(name, value, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
    },
    [form],
  );

  /** another page: what the last one filled (and nobody changed since) no longer applies */
  const forgetFilled = useCallback(() => {
    for (const [name, value] of Object.entries(filled.current) as [Filled, string][]) {
      if (String(form.getValues(name) ?? "").trim() === value) {
        form.setValue(name, "", { shouldValidate: form.formState.isSubmitted });
      }
    }
    filled.current = {};
  }, [form]);

  const choosePlatform = useCallback(
    (key: PlatformKey) => {
      const previous = form.getValues("platform");
      if (previous === key) return;
      form.setValue("platform", key, { shouldDirty: true });
      // an interval still at the old platform's start moves to the new one's; a typed one stays
      const next = platforms.get(key);
      const before = platforms.get(previous)?.defaultInterval;
      if (
        next &&
        before !== undefined &&
        Number(form.getValues("checkInterval")) === startingInterval(before, defaultInterval)
      ) {
        form.setValue("checkInterval", startingInterval(next.defaultInterval, defaultInterval), {
          shouldValidate: form.formState.isSubmitted,
        });
      }
    },
    [form, platforms, defaultInterval],
  );

  const read = useCallback(
    (raw: string, again = false) => {
      clearTimeout(timer.current);
      const url = raw.trim();
      if (!isHttpUrl(url)) {
        reading.current++;
        lastRead.current = "";
        setState({ kind: "idle" });
        return;
      }
      const platform = platforms.platformOfUrl(url);
      if (!platform) {
        reading.current++;
        lastRead.current = "";
        forgetFilled();
        setState({ kind: "unknown-site" });
        return;
      }
      if (url === lastRead.current && !again) return;
      if (url !== lastRead.current) forgetFilled();
      lastRead.current = url;
      choosePlatform(platform);
      fill("productId", platforms.productIdFromUrl(platform, url));
      const turn = ++reading.current;
      setState({ kind: "loading", url });
      const config = form.getValues("config");
      preview.mutate(
        { platform, url, config: typeof config === "string" && config.trim() ? config : null },
        {
          onSuccess: (data) => {
            if (turn !== reading.current) return; // another URL since
            fill("name", data.name);
            fill("productId", data.productId);
            fill("imageUrl", data.imageUrl);
            // the form's price is in euros: a price in another currency is left for the first check
            const inEuros = !data.currency || data.currency === "EUR";
            fill("price", data.price && inEuros ? moneyFieldText(data.price) : null);
            // "Outra loja" says which reader recognised the page
            const reader = platforms.get(platform)?.anyHost && data.reader ? readerName(data.reader) : null;
            setState({ kind: "done", url, sizes: data.sizes, reader });
          },
          onError: (error) => {
            if (turn !== reading.current) return;
            setState({
              kind: "error",
              url,
              message: errorMessage(error, i18n.t("monitor:autofill.readFailed")),
            });
          },
        },
      );
    },
    [choosePlatform, fill, forgetFilled, form, preview, platforms],
  );

  /** the URL field changed: a paste is read at once, typing once it pauses */
  const onUrlChange = useCallback(
    (value: string, pasted: boolean) => {
      clearTimeout(timer.current);
      if (pasted) read(value);
      else timer.current = setTimeout(() => read(value), TYPING_PAUSE_MS);
    },
    [read],
  );

  return { state, onUrlChange, read, choosePlatform };
}

/** under the URL field: which site, the page being read, what it gave, or why it could not */
export function AutofillStatus({
  state,
  platform,
  onRetry,
}: {
  state: AutofillState;
  platform: PlatformKey;
  onRetry: () => void;
}) {
  const { t } = useTranslation("monitor");
  const label = usePlatforms().label(platform);
  return (
    <div role="status" aria-live="polite" data-testid="autofill-status" className="text-xs empty:hidden">
      {state.kind === "loading" && (
        <p className="flex items-center gap-1.5 font-medium text-muted-foreground">
          <Loader2 className="size-3.5 animate-spin text-primary" />
          {t("autofill.reading", { platform: label })}
        </p>
      )}
      {state.kind === "done" && (
        <p className="flex items-center gap-1.5 font-medium text-success">
          <CircleCheck className="size-3.5 shrink-0" />
          {state.reader
            ? t("autofill.doneWithReader", { platform: label, reader: state.reader })
            : t("autofill.done", { platform: label })}
        </p>
      )}
      {state.kind === "unknown-site" && (
        <p className="flex items-start gap-1.5 text-muted-foreground">
          <CircleAlert className="mt-px size-3.5 shrink-0" />
          {t("autofill.unknownSite")}
        </p>
      )}
      {state.kind === "error" && (
        <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
          <div className="flex min-w-0 flex-1 basis-60 items-start gap-1.5">
            <CircleAlert className="mt-px size-3.5 shrink-0 text-destructive" />
            <p className="min-w-0 break-words">
              <span className="font-medium text-destructive">{state.message}</span>
              <span className="block text-muted-foreground">{t("autofill.fillByHand")}</span>
            </p>
          </div>
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onRetry}>
            <RotateCw className="size-3.5" />
            {t("autofill.retry")}
          </Button>
        </div>
      )}
    </div>
  );
}
