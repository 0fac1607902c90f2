import { evaluateExpression } from "@common/expression";
import type * as React from "react";
import { Input } from "@/components/ui/input";

interface MoneyInputProps extends Omit<React.ComponentProps<"input">, "onChange" | "value"> {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * An amount field that also takes arithmetic ("2+1,5"), worked out on blur by the shared parser
 * (SPEC §5); text that is not arithmetic is left as typed for the form to flag.
 */
export function MoneyInput({ value, onValueChange, onBlur, ...props }: MoneyInputProps) {
  return (
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
    />
  );
}

/** the value a form submits: the evaluated amount, or the text as typed */
export function evaluateAmount(value: string): string {
  return evaluateExpression(value) ?? value;
}
