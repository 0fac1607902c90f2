import { MAX_IMAGE_BYTES } from "@common/schemas/images";
import { ImagePlus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";

const ACCEPTED = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** reads the chosen photo locally as a data URL; nothing is uploaded until the item is saved */
export function PhotoField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const pick = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setError("Imagem inválida: use PNG, JPEG, WebP ou GIF");
    if (file.size > MAX_IMAGE_BYTES) return setError("Imagem demasiado grande (máximo 2 MB)");
    const reader = new FileReader();
    reader.onload = () => onChange(typeof reader.result === "string" ? reader.result : null);
    reader.onerror = () => setError("Não foi possível ler a imagem");
    reader.readAsDataURL(file);
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Fotografia (opcional)</Label>
      <div className="flex items-center gap-3">
        <div className="relative flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted">
          {value ? (
            <img src={value} alt="Pré-visualização" className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          {/* the native picker would label itself in the browser's language; ours speaks Portuguese */}
          <input
            ref={input}
            id={id}
            type="file"
            accept={ACCEPTED.join(",")}
            className="sr-only"
            onChange={(e) => pick(e.target.files?.[0])}
          />
          <Button variant="outline" size="sm" className="w-fit" onClick={() => input.current?.click()}>
            <ImagePlus />
            {value ? "Trocar fotografia" : "Escolher fotografia"}
          </Button>
          {value && (
            <Button
              variant="ghost"
              size="sm"
              className="w-fit"
              onClick={() => {
                onChange(null);
                if (input.current) input.current.value = "";
              }}
            >
              <X />
              Remover fotografia
            </Button>
          )}
          <p className="text-xs text-muted-foreground">PNG, JPEG, WebP ou GIF até 2 MB</p>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
