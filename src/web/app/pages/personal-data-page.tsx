import { socialLinksQuery } from "#web/features/account/api/social-calls.ts";
import { ChangeEmailForm } from "#web/features/account/components/change-email-form.tsx";
import { ConnectedAccounts } from "#web/features/account/components/connected-accounts.tsx";
import { passkeysQuery } from "#web/features/passkeys/api/passkey-calls.ts";
import { PasskeysSection } from "#web/features/passkeys/components/passkeys-section.tsx";
import { personalDataQuery } from "#web/features/personal-data/api/personal-data-calls.ts";
import { PersonalDataForm } from "#web/features/personal-data/components/personal-data-form.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { type PageModule, prefetchForShopper } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = (context) =>
  prefetchForShopper(context, (client) => [
    client.prefetchQuery(personalDataQuery),
    client.prefetchQuery(socialLinksQuery),
    client.prefetchQuery(passkeysQuery),
  ]);

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("personalData.title")}</title>
      <meta name="robots" content="noindex" />
      <PersonalDataForm emailChange={<ChangeEmailForm />} />
      <ConnectedAccounts />
      <PasskeysSection />
    </>
  );
}
