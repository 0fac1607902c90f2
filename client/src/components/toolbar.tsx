import type { LucideIcon } from "lucide-react";
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

/**
 * The pieces every list screen's toolbar is made of (Monitor, Inventory, Sales, History): a search
 * box that takes the free width, then a row of filters, view switch and actions. From 1024 px they
 * share one line; below it the search sits above the row.
 */
export function Toolbar({
  search,
  beside,
  wrap = false,
  children,
}: {
  search: ReactNode;
  /** a small control kept beside the search box at every width (the Monitor's view switch) */
  beside?: ReactNode;
  /** the row may break below 1024 px (a child with basis-full takes a row of its own) */
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <div data-testid="list-toolbar" className="flex flex-col gap-2 lg:flex-row lg:items-center">
      {beside ? (
        <div className="flex min-w-0 flex-1 gap-2">
          {search}
          {beside}
        </div>
      ) : (
        search
      )}
      <div className={cn("flex gap-2", wrap && "flex-wrap lg:flex-nowrap")}>{children}</div>
    </div>
  );
}

export function SearchField(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative flex-1">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        aria-label={props.label}
        placeholder={props.placeholder}
        className="pl-9"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** a select over a record of value → label, e.g. the status filter */
export function OptionSelect<T extends string>(props: {
  label: string;
  value: T;
  options: Record<T, string>;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <Select value={props.value} onValueChange={(v) => props.onChange(v as T)}>
      <SelectTrigger aria-label={props.label} className={cn("min-w-0 flex-1 lg:w-44", props.className)}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {(Object.entries(props.options) as [T, string][]).map(([value, label]) => (
          <SelectItem key={value} value={value}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** the view switch: one pressed button per view (cards, list, table…) */
export function ViewToggle<T extends string>(props: {
  value: T;
  views: readonly (readonly [T, LucideIcon, string])[];
  onChange: (value: T) => void;
}) {
  const { t } = useTranslation("common");
  return (
    <fieldset
      className="m-0 flex min-w-0 shrink-0 rounded-md border bg-card p-0.5"
      aria-label={t("toolbar.view")}
    >
      {props.views.map(([value, Icon, label]) => (
        <Button
          key={value}
          variant="ghost"
          size="icon-sm"
          aria-label={label}
          aria-pressed={props.value === value}
          className={cn(props.value === value && "bg-accent text-accent-foreground")}
          onClick={() => props.onChange(value)}
        >
          <Icon />
        </Button>
      ))}
    </fieldset>
  );
}
