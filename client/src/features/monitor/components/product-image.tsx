import { Package } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";

/** the product photo, or a neutral placeholder when there is none or it fails to load */
export function ProductImage({
  src,
  alt,
  className,
}: {
  src: string | null;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn("flex items-center justify-center bg-muted text-muted-foreground/60", className)}
      >
        <Package className="size-10" />
      </div>
    );
  }
  return <CardPhoto src={src} alt={alt} className={className} onFail={() => setFailed(true)} />;
}

/** whether a card shows a photo: there is a URL and it has not failed to load */
export function useCardPhoto(src: string | null) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return { shown: !!src && failedSrc !== src, onFail: () => setFailedSrc(src) };
}

/**
 * A card's picture: the photo, or a drawn fallback when there is none or it fails to load, so every
 * card of the grid has its picture. Sold out, either is dimmed and greyscale.
 */
export function CardPicture({
  src,
  alt,
  soldOut,
  className,
  iconClassName = "size-10",
}: {
  src: string | null;
  alt: string;
  soldOut: boolean;
  className?: string;
  iconClassName?: string;
}) {
  const photo = useCardPhoto(src);
  const dim = soldOut && "opacity-50 grayscale";
  if (photo.shown && src)
    return <CardPhoto src={src} alt={alt} onFail={photo.onFail} className={cn(className, dim)} />;
  return (
    <div
      role="img"
      aria-label={alt}
      data-slot="photo-fallback"
      className={cn(
        "flex items-center justify-center bg-gradient-to-br from-indigo-100 via-slate-100 to-violet-200 text-indigo-500 dark:from-indigo-950 dark:via-slate-900 dark:to-violet-950 dark:text-indigo-300",
        className,
        dim,
      )}
    >
      <span className="flex items-center justify-center rounded-full bg-white/70 p-3 shadow-sm dark:bg-white/10">
        <Package className={iconClassName} aria-hidden />
      </span>
    </div>
  );
}

/** a card's photo */
export function CardPhoto({
  src,
  alt,
  className,
  onFail,
}: {
  src: string;
  alt: string;
  className?: string;
  onFail: () => void;
}) {
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={onFail}
      className={cn("object-cover", className)}
    />
  );
}
