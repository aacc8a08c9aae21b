import { useSuspenseQuery } from "@tanstack/react-query";
import { categoryTree } from "#catalog/categories.ts";
import { brand } from "#shared/brand.ts";
import { paths } from "#shared/paths.ts";
import { useLang, useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { PageMeta } from "#web/ui/page-meta.tsx";
import { ProductImage } from "#web/ui/product-image.tsx";
import { homeQuery } from "../api/get-home.ts";
import { categoryImage } from "../category-image.ts";
import { GiftsByAge } from "./gifts-by-age.tsx";
import styles from "./home-view.module.css";
import { ProductGrid } from "./product-grid.tsx";

export function HomeView() {
  const { t } = useTranslation();
  const lang = useLang();
  const { data } = useSuspenseQuery(homeQuery(lang));
  return (
    <>
      <PageMeta title={brand.shopName} description={t("home.metaDescription")} path={paths.home()} />
      <section className={styles.hero}>
        <div className={styles.heroText}>
          <h1>{t("home.heroTitle", { franchise: brand.franchise })}</h1>
          <p>{t("home.heroText")}</p>
          <Link className={styles.cta} to={paths.category("Juguete")}>
            {t("home.heroCta")}
          </Link>
        </div>
        <ProductImage
          src={categoryImage("Regalo")}
          alt=""
          sizes="(min-width: 900px) 420px, 80vw"
          priority
          className={styles.heroArt}
        />
      </section>

      <section aria-labelledby="home-categories">
        <h2 id="home-categories">{t("home.categories")}</h2>
        <ul className={styles.categories}>
          {categoryTree.map(({ name }) => (
            <li key={name}>
              <Link to={paths.category(name)} className={styles.category}>
                <ProductImage src={categoryImage(name)} alt="" sizes="160px" className={styles.categoryArt} />
                <span>{t(`categories.${name}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-featured">
        <h2 id="home-featured">{t("home.featured")}</h2>
        <ProductGrid products={data.featured} />
      </section>

      <section aria-labelledby="home-gifts">
        <h2 id="home-gifts">{t("home.gifts")}</h2>
        <GiftsByAge groups={data.giftsByAge} />
      </section>
    </>
  );
}
