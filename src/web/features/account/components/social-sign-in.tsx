import { useSuspenseQuery } from "@tanstack/react-query";
import { socialProviderNames as providerNames } from "#shared/api/social-sign-in-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSearchParams } from "#web/lib/routing.tsx";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { SOCIAL_SIGN_IN_ACTION, socialProvidersQuery } from "../api/social-calls.ts";
import { socialErrorKey } from "../auth-error-key.ts";
import styles from "./social-sign-in.module.css";

/**
 * «Continuar con Google / Apple» under the sign-in and registration forms, for the providers the
 * shop is configured for (decision 033): plain links, a full-page redirect that works before the
 * script. A sign-in that failed comes back here with `?acceso=social&error=`, said in words.
 */
export function SocialSignIn() {
  const { t } = useTranslation();
  const { providers } = useSuspenseQuery(socialProvidersQuery).data;
  const [params] = useSearchParams();
  const error = params.get("acceso") === "social" ? params.get("error") : null;
  if (providers.length === 0 && !error) return null;
  return (
    <section className={styles.social} aria-label={t("socialSignIn.heading")}>
      <FormAlert message={error === null ? null : t(socialErrorKey(error))} />
      {providers.length > 0 && (
        <>
          <h2>{t("socialSignIn.heading")}</h2>
          {providers.map((provider) => (
            <a
              key={provider}
              className={styles.providerButton}
              href={`${SOCIAL_SIGN_IN_ACTION}?provider=${provider}`}
              rel="nofollow"
            >
              {t("socialSignIn.continueWith", { provider: providerNames[provider] })}
            </a>
          ))}
          <p className={styles.note}>{t("socialSignIn.leavesShop")}</p>
        </>
      )}
    </section>
  );
}
