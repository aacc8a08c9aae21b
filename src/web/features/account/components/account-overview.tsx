import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link, useNavigate } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { useForgetShopper } from "#web/lib/session/use-forget-shopper.ts";
import styles from "#web/ui/form.module.css";
import { notify } from "#web/ui/toast-queue.ts";
import { signOut } from "../api/auth-calls.ts";
import { DeleteAccountForm } from "./delete-account-form.tsx";

const sections = [
  ["orders", paths.orders()],
  ["purchases", paths.purchases()],
  ["wishlist", paths.wishlist()],
  ["addresses", paths.addresses()],
  ["personalData", paths.personalData()],
  ["coupons", paths.coupons()],
  ["credit", paths.credit()],
] as const;

/** /login for a signed-in shopper: a greeting, every account section, and signing out. */
export function AccountOverview() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const forgetShopper = useForgetShopper();
  const navigate = useNavigate();
  /** Spec §4: signing out empties the wish list, the cart and the addresses in the page. */
  const leave = (message: string) => {
    forgetShopper();
    notify(t(message));
    void navigate(paths.home());
  };
  return (
    <section className={styles.form}>
      <h1>{t("account.greeting", { name: user?.name ?? "" })}</h1>
      <nav aria-label={t("account.sections")}>
        <ul>
          {sections.map(([key, path]) => (
            <li key={key}>
              <Link to={path}>{t(`account.section.${key}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <button
        type="button"
        className={styles.submit}
        onClick={async () => {
          try {
            await signOut();
          } finally {
            leave("account.signedOut");
          }
        }}
      >
        {t("account.signOut")}
      </button>
      <DeleteAccountForm onDeleted={() => leave("account.delete.done")} />
    </section>
  );
}
