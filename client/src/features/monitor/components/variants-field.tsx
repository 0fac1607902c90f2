import { Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

interface VariantsFieldProps {
  value: string[];
  onChange: (variants: string[]) => void;
}

/** aliexpress: the colour/size combinations to watch, one per line */
export function VariantsField({ value, onChange }: VariantsFieldProps) {
  const { t } = useTranslation("monitor");
  const rows = value.length > 0 ? value : [""];
  const setRow = (index: number, text: string) => onChange(rows.map((v, i) => (i === index ? text : v)));
  return (
    <div className="space-y-2">
      {rows.map((variant, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is the identity
        <div key={index} className="flex gap-2">
          <Input
            aria-label={t("variants.variant", { n: index + 1 })}
            placeholder={t("variants.placeholder")}
            value={variant}
            onChange={(e) => setRow(index, e.target.value)}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("variants.remove", { n: index + 1 })}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <X />
          </Button>
        </div>
      ))}
      <Button variant="outline" size="sm" onClick={() => onChange([...rows, ""])}>
        <Plus />
        {t("variants.add")}
      </Button>
    </div>
  );
}
