import { brand } from "#shared/brand.ts";
import { beforeFullStop } from "#shared/text.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useCurrentYear } from "#web/lib/use-current-year.ts";
import { Logo } from "#web/ui/logo.tsx";
import styles from "./footer.module.css";

/** Spec §2: logo, copyright lines, store notice, warning text and design credit. */
export function RightsBlock() {
  const { t } = useTranslation();
  const year = useCurrentYear();
  return (
    <div className={styles.rights}>
      <Logo size={32} tone="light" />
      <p>
        © {year} {brand.franchise}. {t("rights.allRights")}
      </p>
      <p>
        © {year} {beforeFullStop(brand.company.legalName)}.{" "}
        {t("rights.storeNotice", { shop: brand.shopName })}
      </p>
      <p className={styles.warning}>{t("rights.warning")}</p>
      <p className={styles.credit}>{brand.designCredit}</p>
    </div>
  );
}
