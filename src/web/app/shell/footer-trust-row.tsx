import { brand } from "#shared/brand.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { StarIcon } from "#web/ui/icons.tsx";
import styles from "./footer.module.css";

const socialNetworks = ["youtube", "instagram", "facebook", "twitter"] as const;

/** Spec §2: the social icons (the brand's accounts, brand.ts) and the trust-badge rating block. */
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
        <span className={styles.stars} role="img" aria-label={t("badge.stars", { count: 5 })}>
          {[1, 2, 3, 4, 5].map((n) => (
            <StarIcon key={n} size={18} />
          ))}
        </span>
        <strong>{t("footer.excellent")}</strong>
        <Link to={paths.footer("quienes-somos")}>{t("footer.certificate")}</Link>
      </div>
    </div>
  );
}
