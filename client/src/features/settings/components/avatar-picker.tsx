import type { PublicUser } from "@common/schemas/auth";
import { AVATAR_LONG_SIDE, MAX_PHOTO_BYTES } from "@common/schemas/images";
import { ImageUp, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { UserAvatar } from "@/components/user-avatar";
import { shrinkImage } from "@/lib/shrink-image";

const ACCEPTED = ["image/png", "image/jpeg", "image/webp", "image/gif"];

interface AvatarPickerProps {
  user: PublicUser;
  /** null removes the photo */
  value: string | null;
  onChange: (dataUrl: string | null) => void;
}

/** the photo (PNG, JPEG, WebP or GIF, up to 15 MB) is shrunk in the browser to a small data URL */
export function AvatarPicker({ user, value, onChange }: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<"invalid" | "tooLarge" | null>(null);
  const { t } = useTranslation("settings");

  async function pick(file: File | undefined) {
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setError("invalid");
    if (file.size > MAX_PHOTO_BYTES) return setError("tooLarge");
    setError(null);
    try {
      onChange(await shrinkImage(file, AVATAR_LONG_SIDE));
    } catch {
      setError("invalid");
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <UserAvatar user={{ ...user, avatar: value }} letters={2} className="size-16 text-xl" />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            <ImageUp />
            {t("avatar.upload")}
          </Button>
          {value && (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              <Trash2 />
              {t("avatar.remove")}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">{t("avatar.hint")}</p>
        {error && (
          <p role="alert" className="text-xs font-medium text-destructive">
            {t(`avatar.${error}`)}
          </p>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED.join(",")}
        className="hidden"
        aria-label={t("avatar.label")}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
    </div>
  );
}
