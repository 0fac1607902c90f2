import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { WebhookTest } from "@/components/webhook-test";
import { translateMessage } from "@/lib/i18n";
import { cn } from "@/lib/utils";

interface RowProps {
  id: string;
  label: string;
  description?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** the help line's id, for the control's aria-describedby (screen readers read it with the control) */
const helpId = (row: Pick<RowProps, "id" | "description">) =>
  row.description ? `${row.id}-help` : undefined;

/** label and help on the left, the control on the right (stacked on phones) */
function SettingRow({ id, label, description, error, inline, children }: RowProps & { inline?: boolean }) {
  return (
    <div
      className={cn(
        "flex gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6",
        inline ? "flex-row items-center justify-between" : "flex-col",
      )}
    >
      <div className="min-w-0 space-y-0.5">
        <Label htmlFor={id}>{label}</Label>
        {description && (
          <p id={helpId({ id, description })} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
        {error && (
          <p role="alert" className="text-xs font-medium text-destructive">
            {translateMessage(error)}
          </p>
        )}
      </div>
      <div className={cn("shrink-0", inline ? "flex justify-end sm:w-56" : "sm:w-56")}>{children}</div>
    </div>
  );
}

export function SwitchSetting(
  props: Omit<RowProps, "children"> & {
    checked: boolean;
    disabled?: boolean;
    onChange: (v: boolean) => void;
  },
) {
  return (
    <SettingRow {...props} inline>
      <Switch
        id={props.id}
        aria-describedby={helpId(props)}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
      />
    </SettingRow>
  );
}

interface NumberSettingProps extends Omit<RowProps, "children"> {
  value: number;
  min: number;
  max: number;
  /** an emptied field means this value */
  fallback: number;
  unit?: string;
  disabled?: boolean;
  onChange: (v: number) => void;
}

export function NumberSetting({
  value,
  min,
  max,
  fallback,
  unit,
  disabled,
  onChange,
  ...row
}: NumberSettingProps) {
  const [text, setText] = useState(String(value));
  const { t } = useTranslation("settings");
  // follow outside changes (restore defaults) without fighting what is being typed
  useEffect(
    () =>
      setText((current) =>
        (current === "" && value === fallback) || (current !== "" && Number(current) === value)
          ? current
          : String(value),
      ),
    [value, fallback],
  );
  return (
    <SettingRow
      {...row}
      description={
        row.description ??
        (unit ? t("rows.rangeWithUnit", { min, max, unit }) : t("rows.range", { min, max }))
      }
    >
      <div className="flex items-center gap-2">
        <Input
          id={row.id}
          aria-describedby={helpId(row)}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          disabled={disabled}
          placeholder={String(fallback)}
          aria-invalid={row.error ? true : undefined}
          className="tabular-nums"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onChange(e.target.value === "" ? fallback : Number(e.target.value));
          }}
          onBlur={() => text === "" && setText(String(fallback))}
        />
        {unit && <span className="w-14 shrink-0 text-xs text-muted-foreground">{unit}</span>}
      </div>
    </SettingRow>
  );
}

export function SelectSetting<V extends string>({
  options,
  value,
  disabled,
  onChange,
  ...row
}: Omit<RowProps, "children"> & {
  options: readonly (readonly [V, string])[];
  value: V;
  disabled?: boolean;
  onChange: (v: V) => void;
}) {
  return (
    <SettingRow {...row}>
      <Select value={value} disabled={disabled} onValueChange={(v) => onChange(v as V)}>
        <SelectTrigger id={row.id} aria-label={row.label} aria-describedby={helpId(row)}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([key, label]) => (
            <SelectItem key={key} value={key}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </SettingRow>
  );
}

/**
 * A webhook address over the row's whole width, with "Testar webhook" beside it (an address does not
 * fit the narrow control column of the other rows).
 */
/** a short text typed on the right ("M, L") */
export function TextSetting({
  value,
  placeholder,
  disabled,
  onChange,
  ...row
}: Omit<RowProps, "children"> & {
  value: string;
  placeholder?: string;
  disabled?: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <SettingRow {...row}>
      <Input
        id={row.id}
        aria-describedby={helpId(row)}
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={row.error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </SettingRow>
  );
}

export function WebhookSetting({
  value,
  disabled,
  onChange,
  ...row
}: Omit<RowProps, "children"> & { value: string; disabled?: boolean; onChange: (v: string) => void }) {
  return (
    <div className="space-y-2 py-3">
      <div className="min-w-0 space-y-0.5">
        <Label htmlFor={row.id}>{row.label}</Label>
        {row.description && <p className="text-xs text-muted-foreground">{row.description}</p>}
        {row.error && (
          <p role="alert" className="text-xs font-medium text-destructive">
            {translateMessage(row.error)}
          </p>
        )}
      </div>
      <WebhookTest url={value} disabled={disabled} onTelegram={onChange}>
        <Input
          id={row.id}
          aria-describedby={helpId(row)}
          type="url"
          value={value}
          disabled={disabled}
          placeholder="https://discord.com/api/webhooks/..." // i18n-ignore
          aria-invalid={row.error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </WebhookTest>
    </div>
  );
}
