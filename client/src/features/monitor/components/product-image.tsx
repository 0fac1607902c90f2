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

/** a card's photo; a card without one leaves the space out (no empty placeholder) */
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
