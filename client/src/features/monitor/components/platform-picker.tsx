import { PLATFORM_LIST, type PlatformKey } from "@common/platforms";
import { formatInterval } from "@/lib/format";
import { cn } from "@/lib/utils";

interface PlatformPickerProps {
  value: PlatformKey;
  onChange: (key: PlatformKey) => void;
}

/** SPEC: a horizontally scrolling picker; each chip shows the platform's default interval */
export function PlatformPicker({ value, onChange }: PlatformPickerProps) {
  return (
    <div
      role="radiogroup"
      aria-label="Plataforma"
      className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pt-1 pb-2 [scrollbar-width:thin]"
    >
      {PLATFORM_LIST.map((platform) => {
        const selected = platform.key === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: chips that scroll sideways, not a column of radio inputs
          <button
            key={platform.key}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() => onChange(platform.key)}
            className={cn(
              "flex min-w-28 shrink-0 snap-start flex-col items-start gap-0.5 rounded-lg border px-3 py-2 text-left transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              selected
                ? "border-primary bg-primary/10 text-foreground ring-1 ring-primary"
                : "bg-card text-muted-foreground hover:bg-accent hover:text-accent-foreground",
            )}
          >
            <span className="text-sm font-semibold text-foreground">{platform.label}</span>
            <span className="text-xs">{formatInterval(platform.defaultInterval)}</span>
          </button>
        );
      })}
    </div>
  );
}
