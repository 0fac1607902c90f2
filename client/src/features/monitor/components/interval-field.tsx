import {
  MAX_CHECK_INTERVAL_SECONDS,
  MIN_CHECK_INTERVAL_SECONDS,
  parseSecondsToMs,
  secondsText,
} from "@common/interval";
import type { ProductDto } from "@common/schemas/products";
import { useEffect, useRef, useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { formatInterval } from "@/lib/format";
import { translateMessage } from "@/lib/i18n";
import { FormField } from "@/components/form-field";
import { StretchedInterval } from "./interval-text";
import type { ProductForm } from "./product-form";

/**
 * The check interval, typed in seconds; the form (and the API) keep milliseconds. Text being typed
 * is left alone; a change from outside (another platform's default) rewrites it. Editing a monitor
 * whose site's budget stretches it, the interval it really gets is said under the field.
 */
export function IntervalField({ form, product }: { form: ProductForm; product?: ProductDto }) {
  const { t } = useTranslation("monitor");
  const { field, fieldState } = useController({ control: form.control, name: "checkInterval" });
  const [text, setText] = useState(() => secondsText(Number(field.value)));
  const own = useRef<unknown>(field.value);
  useEffect(() => {
    if (field.value !== own.current) {
      own.current = field.value;
      setText(secondsText(Number(field.value)));
    }
  }, [field.value]);

  const ms = Number(field.value);
  const error = fieldState.error?.message;
  return (
    <FormField
      id="product-checkInterval"
      label={t("form.interval")}
      error={error && translateMessage(error)}
      hint={t("form.intervalHint", { min: MIN_CHECK_INTERVAL_SECONDS, max: MAX_CHECK_INTERVAL_SECONDS })}
      aside={
        <span className="text-xs font-medium text-muted-foreground" data-testid="interval-reading">
          {Number.isFinite(ms) && ms >= 60_000 ? `= ${formatInterval(ms)}` : ""}
        </span>
      }
    >
      <Input
        id="product-checkInterval"
        ref={field.ref}
        name={field.name}
        // text, not number: "1,5" is how a fraction is written here, and a number input refuses it
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "product-checkInterval-error" : undefined}
        className="tabular-nums sm:max-w-40"
        value={text}
        onBlur={field.onBlur}
        onChange={(e) => {
          setText(e.target.value);
          const next = parseSecondsToMs(e.target.value) ?? "";
          own.current = next;
          field.onChange(next);
        }}
      />
      {product && <StretchedInterval product={product} />}
    </FormField>
  );
}
