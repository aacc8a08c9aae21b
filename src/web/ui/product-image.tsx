import { useState } from "react";
import { rasterVariants } from "#catalog/art/media-paths.ts";
import styles from "./product-image.module.css";

type ProductImageProps = {
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the picture is drawn at each viewport width. */
  sizes: string;
  /** The largest picture of the page (LCP): load it first, never lazily. */
  priority?: boolean;
  className?: string;
};

/**
 * Our own pictures come as AVIF/WebP at two widths; an external URL is used as it is. A picture
 * that fails to load gives way to a neutral placeholder, never a broken-image icon.
 */
export function ProductImage({ src, alt, sizes, priority = false, className }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const frameClass = `${styles.frame} ${className ?? ""}`;
  if (failed || src === "") {
    return (
      <div
        className={`${frameClass} ${styles.placeholder}`}
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      >
        <PlaceholderArt />
      </div>
    );
  }
  const variants = src.startsWith("/media/") ? rasterVariants(src) : [];
  const loading = priority ? "eager" : "lazy";
  const img = (
    <img
      src={variants[variants.length - 1]?.webp ?? src}
      alt={alt}
      width={640}
      height={640}
      loading={loading}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      onError={() => setFailed(true)}
      ref={(element) => {
        // An error that happened before hydration fired no onError we could hear.
        if (element?.complete && element.naturalWidth === 0) setFailed(true);
      }}
      className={styles.img}
    />
  );
  if (variants.length === 0) return <div className={frameClass}>{img}</div>;
  return (
    <picture className={frameClass}>
      <source type="image/avif" sizes={sizes} srcSet={srcSet(variants, "avif")} />
      <source type="image/webp" sizes={sizes} srcSet={srcSet(variants, "webp")} />
      {img}
    </picture>
  );
}

function srcSet(variants: ReturnType<typeof rasterVariants>, format: "avif" | "webp"): string {
  return variants.map((v) => `${v[format]} ${v.width}w`).join(", ");
}

function PlaceholderArt() {
  return (
    <svg viewBox="0 0 100 100" width="40%" aria-hidden="true" focusable="false">
      <rect x="10" y="20" width="80" height="60" rx="8" fill="none" stroke="currentColor" strokeWidth="5" />
      <circle cx="35" cy="42" r="8" fill="currentColor" />
      <path d="M18 74 42 52l14 12 12-10 16 20Z" fill="currentColor" />
    </svg>
  );
}
