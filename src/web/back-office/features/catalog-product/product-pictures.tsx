import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import formStyles from "#web/ui/form.module.css";
import { ProductImage } from "#web/ui/product-image.tsx";
import shared from "../../back-office.module.css";
import { PictureUpload } from "../../components/picture-upload.tsx";
import styles from "./catalog-product.module.css";
import { fieldMessage, type ProductForm } from "./product-form-values.ts";

/** Spec §3: a product has up to three pictures besides its main one. */
const EXTRA_PICTURES = 3;

/**
 * The product's pictures: the main one (`imagen`) and up to three more (`otrasImagenes`), each
 * uploaded at once (components/picture-upload.tsx, decision 055) or taken away; the product keeps
 * them when the form is saved.
 */
export function ProductPictures({
  form,
  productName,
}: {
  form: UseFormReturn<ProductForm>;
  productName: string;
}) {
  const [imagen, extras] = form.watch(["imagen", "otrasImagenes"]);
  const { errors } = form.formState;
  // A new upload box once the main picture is taken away: it no longer shows the one it uploaded.
  const [mainBox, setMainBox] = useState(0);
  const [said, setSaid] = useState("");
  const setMain = (image: string) => form.setValue("imagen", image, { shouldDirty: true });
  const setExtras = (images: string[]) => form.setValue("otrasImagenes", images, { shouldDirty: true });
  const mainError = fieldMessage(errors.imagen?.message);
  const extrasError = fieldMessage(errors.otrasImagenes?.message ?? errors.otrasImagenes?.root?.message);
  return (
    <fieldset className={styles.fieldset} aria-describedby="pictures-hint">
      <legend>Fotos</legend>
      <p id="pictures-hint" className={shared.muted}>
        Cada foto se sube al elegirla; el producto la muestra cuando pulses «Guardar los cambios».
      </p>
      <div className={styles.pictures}>
        <section className={styles.pictureGroup} aria-labelledby="main-picture-title">
          <h3 id="main-picture-title">Foto principal</h3>
          <PictureUpload
            key={mainBox}
            current={imagen}
            label={imagen ? "Cambiar la foto principal" : "Subir la foto principal"}
            onUploaded={(image) => setMain(image)}
          />
          {mainError ? <p className={formStyles.error}>{mainError}</p> : null}
          {imagen ? (
            <button
              type="button"
              className={shared.link}
              onClick={() => {
                setMain("");
                setMainBox((box) => box + 1);
                setSaid("Foto principal quitada.");
              }}
            >
              Quitar la foto principal
            </button>
          ) : null}
        </section>
        <section className={styles.pictureGroup} aria-labelledby="extra-pictures-title">
          <h3 id="extra-pictures-title">Más fotos (hasta {EXTRA_PICTURES})</h3>
          {extras.length === 0 ? <p className={shared.muted}>Ninguna.</p> : null}
          <ul className={styles.extraList}>
            {extras.map((path, index) => (
              // The same picture may be there twice: its place and its path name it.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={`${index}-${path}`} className={styles.extra}>
                <ProductImage
                  src={path}
                  alt={`Foto ${index + 2} de ${productName}`}
                  sizes="6rem"
                  className={styles.extraPreview}
                />
                <button
                  type="button"
                  className={shared.link}
                  onClick={() => {
                    setExtras(extras.filter((_, at) => at !== index));
                    setSaid(`Foto ${index + 2} quitada.`);
                  }}
                >
                  Quitar<span className={styles.visuallyHidden}> la foto {index + 2}</span>
                </button>
              </li>
            ))}
          </ul>
          {extrasError ? <p className={formStyles.error}>{extrasError}</p> : null}
          {extras.length < EXTRA_PICTURES ? (
            // A new box for each one added: the list above shows the pictures, the box the next one.
            <PictureUpload
              key={extras.length}
              label="Añadir una foto"
              onUploaded={(image) => {
                setExtras([...extras, image]);
                setSaid(`Foto ${extras.length + 2} añadida.`);
              }}
            />
          ) : null}
        </section>
      </div>
      <p role="status" className={styles.visuallyHidden}>
        {said}
      </p>
    </fieldset>
  );
}
