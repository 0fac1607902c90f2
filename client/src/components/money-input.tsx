import { evaluateExpression } from "@common/expression";
import { Plus } from "lucide-react";
import type * as React from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useIsMobile } from "@/hooks/use-is-mobile";

interface MoneyInputProps extends Omit<React.ComponentProps<"input">, "onChange" | "value"> {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * An amount field that also takes arithmetic ("2+1,5"), worked out on blur by the shared parser;
 * text that is not arithmetic is left as typed for the form to flag.
 * A phone's decimal keypad has no "+", so on phones the field carries its own "+" key; it writes
 * at the caret and keeps the focus (and the keypad) in the field, so the sum is worked out only
 * when the user leaves it.
 */
export function MoneyInput({ value, onValueChange, onBlur, ...props }: MoneyInputProps) {
  const mobile = useIsMobile();
  const { t } = useTranslation("common");
  const input = (
    <Input
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      onBlur={(e) => {
        const result = evaluateExpression(value);
        if (result !== null && result !== value) onValueChange(result.replace(".", ","));
        onBlur?.(e);
      }}
      {...props}
      className={mobile ? "pr-11" : props.className}
    />
  );
  if (!mobile) return input;
  return (
    <div className="relative">
      {input}
      <Button
        variant="secondary"
        size="icon-sm"
        className="absolute top-1/2 right-1 size-7 -translate-y-1/2"
        aria-label={t("moneyInput.add")}
        tabIndex={-1}
        // pressing the key must not take the focus out of the field
        onPointerDown={(e) => e.preventDefault()}
        onMouseDown={(e) => e.preventDefault()}
        onClick={(e) => {
          // the "+" goes where the caret is in the field being typed in, else at the end
          const field = e.currentTarget.previousElementSibling as HTMLInputElement | null;
          const typing = field !== null && document.activeElement === field;
          const start = typing ? (field.selectionStart ?? value.length) : value.length;
          const end = typing ? (field.selectionEnd ?? start) : start;
          // rendered at once, so the caret is placed in the new value before the next key can come
          // (placed a frame later, a key typed meanwhile went to the end)
          flushSync(() => onValueChange(`${value.slice(0, start)}+${value.slice(end)}`));
          field?.focus();
          field?.setSelectionRange(start + 1, start + 1);
        }}
      >
        <Plus />
      </Button>
    </div>
  );
}
