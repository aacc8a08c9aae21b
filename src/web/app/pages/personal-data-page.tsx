import { ChangeEmailForm } from "#web/features/account/components/change-email-form.tsx";
import { PersonalDataForm } from "#web/features/personal-data/components/personal-data-form.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("personalData.title")}</title>
      <meta name="robots" content="noindex" />
      <PersonalDataForm emailChange={<ChangeEmailForm />} />
    </>
  );
}
