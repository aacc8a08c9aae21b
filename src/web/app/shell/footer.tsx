import { useEffect, useRef } from "react";
import { brand } from "#shared/brand.ts";
import { paths } from "#shared/paths.ts";
import { NewsletterBlock } from "#web/features/newsletter/newsletter-block.tsx";
import { useTextParts, useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import styles from "./footer.module.css";
import { FooterTrustRow } from "./footer-trust-row.tsx";
import { RightsBlock } from "./rights-block.tsx";

const footerTexts = ["footer"] as const;
const productLinks = ["Juguete", "Pelicula", "Escolar", "Moda", "Hogar", "Regalo"] as const;
const aboutLinks = ["quienes-somos", "envios", "cambios-devoluciones", "preguntas-frecuentes"] as const;
const legalLinks = [
  "condiciones-de-uso",
  "politica-de-privacidad",
  "politica-de-cookies",
  "nota-legal",
  "declaracion-de-accesibilidad",
] as const;
/** Portugal's official complaints book, which a shop selling there must show (issue 33). */
const COMPLAINTS_BOOK_URL = "https://www.livroreclamacoes.pt/";

/** Spec §2's footer; `id` is the element's, which the browser watches (footer-when-visible.tsx). */
export function Footer({ id }: { id: string }) {
  useTextParts(footerTexts);
  const { t } = useTranslation();
  const footer = useRef<HTMLElement>(null);
  // `<footer data-hydrated>` once it answers to the script (tests wait for it, as for the page's).
  useEffect(() => {
    if (footer.current) footer.current.dataset.hydrated = "";
  }, []);
  return (
    <footer id={id} ref={footer} className={styles.footer}>
      <NewsletterBlock />
      <div className={styles.columns}>
        <FooterColumn title={t("footer.products")}>
          {productLinks.map((name) => (
            <li key={name}>
              <Link to={paths.category(name)}>{t(`categories.${name}`)}</Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title={t("footer.aboutShop")}>
          {aboutLinks.map((slug) => (
            <li key={slug}>
              <Link to={paths.footer(slug)}>{t(`infoPages.${slug}`)}</Link>
            </li>
          ))}
          <li className={styles.secure}>{t("footer.securePurchases")}</li>
          <li>
            <img
              src="/icons/cards.svg"
              width={168}
              height={28}
              alt={t("footer.cardsAccepted")}
              loading="lazy"
            />
          </li>
        </FooterColumn>
        <FooterColumn title={t("footer.findUs")}>
          {brand.sisterSites.map((site) => (
            <li key={site.id}>
              <a href={site.url} target="_blank" rel="noopener noreferrer">
                {site.name}
                <span className="visually-hidden"> {t("common.newTab")}</span>
              </a>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title={t("footer.legal")}>
          {legalLinks.map((slug) => (
            <li key={slug}>
              <Link to={paths.footer(slug)}>{t(`infoPages.${slug}`)}</Link>
            </li>
          ))}
          <li>
            <Link to={paths.rights()}>{t("infoPages.derechos")}</Link>
          </li>
          <li>
            <a href={COMPLAINTS_BOOK_URL} target="_blank" rel="noopener noreferrer">
              {t("footer.complaintsBook")}
              <span className="visually-hidden">
                {" "}
                {t("footer.complaintsBookHint")} {t("common.newTab")}
              </span>
            </a>
          </li>
        </FooterColumn>
        <FooterColumn title={t("footer.customerService")}>
          <li>{t("footer.hoursMonThu")}</li>
          <li>{t("footer.hoursFri")}</li>
          <li>
            {t("footer.phone")}: <a href={brand.contact.phoneHref}>{brand.contact.phone}</a>
          </li>
          <li>
            WhatsApp:{" "}
            <a href={brand.contact.whatsappHref} target="_blank" rel="noopener noreferrer">
              {brand.contact.whatsapp}
            </a>
          </li>
          <li>
            <a href={`mailto:${brand.contact.email}`}>{brand.contact.email}</a>
          </li>
          <li>
            <Link to={paths.category("LotesExclusivos")}>{t("footer.exclusiveLots")}</Link>
          </li>
          <li>
            <a
              href={`mailto:${brand.contact.email}?subject=${encodeURIComponent(t("footer.contactSubject"))}`}
            >
              {t("footer.contactForm")}
            </a>
          </li>
        </FooterColumn>
      </div>
      <FooterTrustRow />
      <RightsBlock />
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={styles.column}>
      <h2>{title}</h2>
      <ul>{children}</ul>
    </section>
  );
}
