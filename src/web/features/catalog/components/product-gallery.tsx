import { useRef, useState } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { CloseIcon, ZoomIcon } from "#web/ui/icons.tsx";
import { ProductImage } from "#web/ui/product-image.tsx";
import styles from "./product-gallery.module.css";

/** The main picture, up to three more as thumbnails, and a zoom view. */
export function ProductGallery({ images, title }: { images: readonly string[]; title: string }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const current = images[selected] ?? images[0] ?? "";
  return (
    <div className={styles.gallery}>
      <button
        type="button"
        className={styles.main}
        onClick={() => {
          setZoomOpen(true);
          dialog.current?.showModal();
        }}
        aria-label={t("product.zoom")}
      >
        <ProductImage src={current} alt={title} sizes="(min-width: 900px) 520px, 92vw" priority />
        <span className={styles.zoomHint} aria-hidden="true">
          <ZoomIcon size={20} />
        </span>
      </button>
      {images.length > 1 && (
        <ul className={styles.thumbs}>
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                className={index === selected ? styles.thumbActive : styles.thumb}
                onClick={() => setSelected(index)}
                aria-label={t("product.showImage", { index: index + 1 })}
                aria-pressed={index === selected}
              >
                <ProductImage src={image} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <dialog ref={dialog} className={styles.dialog} aria-label={title} onClose={() => setZoomOpen(false)}>
        {/* The full-size picture loads only when someone asks for it. */}
        {zoomOpen && <ZoomPane src={current} alt={title} />}
        <button
          type="button"
          className={styles.close}
          onClick={() => dialog.current?.close()}
          aria-label={t("common.close")}
        >
          <CloseIcon />
        </button>
      </dialog>
    </div>
  );
}

/** Click (or tap) to magnify where you point; our pictures are vectors, so they stay sharp. */
function ZoomPane({ src, alt }: { src: string; alt: string }) {
  const [origin, setOrigin] = useState<string | null>(null);
  return (
    <button
      type="button"
      className={styles.zoomPane}
      onClick={(event) => {
        if (origin) return setOrigin(null);
        const box = event.currentTarget.getBoundingClientRect();
        const x = ((event.clientX - box.left) / box.width) * 100;
        const y = ((event.clientY - box.top) / box.height) * 100;
        setOrigin(`${x}% ${y}%`);
      }}
    >
      <img
        src={src}
        alt={alt}
        className={styles.zoomImage}
        style={origin ? { transform: "scale(2.2)", transformOrigin: origin } : undefined}
      />
    </button>
  );
}
