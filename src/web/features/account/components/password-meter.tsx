import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { passwordStrength } from "../password-strength.ts";
import styles from "./password-meter.module.css";

const labels = ["", "weak", "fair", "good", "strong"] as const;

export function PasswordMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  if (strength === 0) return <p className={styles.help}>{t("account.passwordRules")}</p>;
  return (
    <div className={styles.meter}>
      <meter
        min={0}
        max={4}
        low={2}
        high={3}
        optimum={4}
        value={strength}
        aria-label={t("account.passwordStrength")}
      />
      <span>{t(`account.strength.${labels[strength]}`)}</span>
    </div>
  );
}
