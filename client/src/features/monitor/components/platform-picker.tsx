import type { PlatformKey } from "@common/platforms";
import { useTranslation } from "react-i18next";
import { formatInterval } from "@/lib/format";
import { usePlatforms } from "@/lib/platforms";
import { cn } from "@/lib/utils";

interface PlatformPickerProps {
  value: PlatformKey;
  onChange: (key: PlatformKey) => void;
}

/**
 * Every platform as a chip with its default interval, wrapped over as many rows as the dialog
 * needs: all of them in view at 390 px and at 1280 px, nothing scrolled sideways out of sight.
 * The pasted URL chooses for the user; this is the manual way.
 */
export function PlatformPicker({ value, onChange }: PlatformPickerProps) {
  const { t } = useTranslation("monitor");
  const platforms = usePlatforms();
  return (
    <div role="radiogroup" aria-label={t("form.platform")} className="flex flex-wrap gap-1.5">
      {platforms.list.map((platform) => {
        const selected = platform.key === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: chips that wrap, not a column of radio inputs
          <button
            key={platform.key}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() => onChange(platform.key)}
            className={cn(
              "inline-flex items-baseline gap-1.5 rounded-full border px-3 py-1 text-left transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              selected
                ? "border-primary bg-primary/10 text-foreground ring-1 ring-primary"
                : "bg-card text-muted-foreground hover:bg-accent hover:text-accent-foreground",
            )}
          >
            <span className="text-sm font-medium text-foreground">{platform.label}</span>
            <span className="text-xs">{formatInterval(platform.defaultInterval)}</span>
          </button>
        );
      })}
    </div>
  );
}
