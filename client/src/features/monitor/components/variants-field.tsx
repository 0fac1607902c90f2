import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

interface VariantsFieldProps {
  value: string[];
  onChange: (variants: string[]) => void;
}

/** aliexpress: the colour/size combinations to watch, one per line */
export function VariantsField({ value, onChange }: VariantsFieldProps) {
  const rows = value.length > 0 ? value : [""];
  const setRow = (index: number, text: string) => onChange(rows.map((v, i) => (i === index ? text : v)));
  return (
    <div className="space-y-2">
      {rows.map((variant, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is the identity
        <div key={index} className="flex gap-2">
          <Input
            aria-label={`Variante ${index + 1}`}
            placeholder="Ex.: Preto / M"
            value={variant}
            onChange={(e) => setRow(index, e.target.value)}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remover variante ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <X />
          </Button>
        </div>
      ))}
      <Button variant="outline" size="sm" onClick={() => onChange([...rows, ""])}>
        <Plus />
        Adicionar variante
      </Button>
    </div>
  );
}
