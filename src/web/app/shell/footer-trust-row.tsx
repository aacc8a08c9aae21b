import { brand } from "#shared/brand.ts";
import { paths } from "#shared/paths.ts";
import { ShopRating } from "#web/features/reviews/shop-rating.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import styles from "./footer.module.css";

const socialNetworks = ["youtube", "instagram", "facebook", "twitter"] as const;

/** Spec §2: the social icons (the brand's accounts, brand.ts) and the shop's real rating (issue 33). */
export function FooterTrustRow() {
  const { t } = useTranslation();
  return (
    <div className={styles.trustRow}>
      <ul className={styles.social} aria-label={t("footer.social")}>
        {socialNetworks.map((name) => (
          <li key={name}>
            <a
              href={brand.social[name]}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t(`footer.socialNetworks.${name}`)}
            >
              <img src={`/icons/${name}.svg`} width={22} height={22} alt="" loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
      <div className={styles.rating}>
        <ShopRating starSize={18} starsClassName={styles.stars} />
        <Link to={paths.footer("como-verificamos-las-opiniones")}>{t("reviews.howWeVerify")}</Link>
        <Link to={paths.footer("quienes-somos")}>{t("footer.certificate")}</Link>
      </div>
    </div>
  );
}
