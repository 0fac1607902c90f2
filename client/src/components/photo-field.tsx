import { MAX_PHOTO_BYTES, PHOTO_LONG_SIDE } from "@common/schemas/images";
import { ImagePlus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { shrinkImage } from "@/lib/shrink-image";

const ACCEPTED = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** the photo's problems, named at render (so a change of language renames a shown one) */
type PhotoError = "photo.invalidType" | "photo.tooLarge" | "photo.readFailed";

/** shrinks the chosen photo locally to a data URL; nothing is uploaded until the item is saved */
export function PhotoField({
  value,
  onChange,
  label,
  status,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  /** the field's name where it is not an item's photo (an expense's receipt) */
  label?: string;
  /** said under the buttons instead of the hint while a photo comes from elsewhere */
  status?: string;
}) {
  const id = useId();
  const { t } = useTranslation("common");
  const [error, setError] = useState<PhotoError | null>(null);
  const [preparing, setPreparing] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const pick = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setError("photo.invalidType");
    if (file.size > MAX_PHOTO_BYTES) return setError("photo.tooLarge");
    setPreparing(true);
    shrinkImage(file, PHOTO_LONG_SIDE)
      .then(onChange, () => setError("photo.readFailed"))
      .finally(() => setPreparing(false));
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label ?? t("photo.label")}</Label>
      <div className="flex items-center gap-3">
        <div className="relative flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted">
          {value ? (
            <img src={value} alt={t("photo.preview")} className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          {/* the native picker would label itself in the browser's language; ours speaks the user's language */}
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
            {value ? t("photo.replace") : t("photo.choose")}
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
              {t("photo.remove")}
            </Button>
          )}
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {preparing ? t("photo.preparing") : (status ?? t("photo.hint"))}
          </p>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {t(error)}
        </p>
      )}
    </div>
  );
}
