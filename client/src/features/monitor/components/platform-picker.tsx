import type { PlatformKey } from "@common/platforms";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatInterval } from "@/lib/format";
import { usePlatforms } from "@/lib/platforms";
import { cn } from "@/lib/utils";

interface PlatformPickerProps {
  value: PlatformKey;
  onChange: (key: PlatformKey) => void;
}

/**
 * Every platform as a chip with its default interval, in one row that scrolls sideways inside the
 * dialog (a picker that scrolls sideways); the page itself never scrolls sideways. The chosen
 * chip is brought into the row's view when it changes (a pasted URL chooses for the user); this is
 * the manual way.
 */
export function PlatformPicker({ value, onChange }: PlatformPickerProps) {
  const { t } = useTranslation("monitor");
  const platforms = usePlatforms();
  const row = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = row.current;
    const chip = el?.querySelector<HTMLElement>(`[data-platform="${value}"]`);
    if (!el || !chip) return;
    // the row's own scroll only: scrollIntoView would move the dialog and the page too
    const left = chip.offsetLeft;
    const right = left + chip.offsetWidth;
    if (left < el.scrollLeft) el.scrollLeft = left - 8;
    else if (right > el.scrollLeft + el.clientWidth) el.scrollLeft = right - el.clientWidth + 8;
  }, [value]);

  return (
    <div
      ref={row}
      role="radiogroup"
      aria-label={t("form.platform")}
      data-testid="platform-picker"
      className="relative flex min-w-0 gap-1.5 overflow-x-auto overscroll-x-contain p-1 pb-2 [scrollbar-width:thin]"
    >
      {platforms.list.map((platform) => {
        const selected = platform.key === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: chips in a row, not a column of radio inputs
          <button
            key={platform.key}
            type="button"
            role="radio"
            aria-checked={selected}
            data-platform={platform.key}
            onClick={() => onChange(platform.key)}
            className={cn(
              "inline-flex shrink-0 items-baseline gap-1.5 rounded-full border px-3 py-1 text-left whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
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
