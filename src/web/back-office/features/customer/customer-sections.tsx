import type { CustomerDetail } from "#shared/api/back-office-customer-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { formatPrice } from "#shared/money.ts";
import { Link } from "#web/lib/routing.tsx";
import shared from "../../back-office.module.css";
import styles from "./customer.module.css";
import { exportHref } from "./customer-calls.ts";
import { actionText, dateText, signInMethodsText, statusLabels } from "./customer-labels.ts";

/** The customer's page, section by section. */
export function CustomerSections({ detail }: { detail: CustomerDetail }) {
  return (
    <>
      <Profile detail={detail} />
      <Addresses addresses={detail.addresses} />
      <Orders orders={detail.orders} />
      <Newsletter newsletter={detail.newsletter} />
      <History history={detail.history} />
      <section className={styles.section} aria-labelledby="customer-data">
        <h2 id="customer-data">Sus datos</h2>
        <p>Todo lo que la tienda guarda de esta persona, en un archivo JSON (derecho de acceso del RGPD).</p>
        <p>
          <a href={exportHref(detail.profile.id)} download className={styles.download}>
            Descargar sus datos (JSON)
          </a>
        </p>
      </section>
    </>
  );
}

function Profile({ detail: { profile } }: { detail: CustomerDetail }) {
  return (
    <section className={styles.section} aria-labelledby="customer-profile">
      <h2 id="customer-profile">Perfil</h2>
      <dl className={shared.facts}>
        <dt>Correo</dt>
        <dd>
          {profile.email}{" "}
          <span className={shared.muted}>({profile.emailVerified ? "comprobado" : "sin comprobar"})</span>
        </dd>
        <dt>Teléfono</dt>
        <dd>{profile.phone || "—"}</dd>
        <dt>Alta</dt>
        <dd>{dateText(profile.createdAt)}</dd>
        <dt>Acceso</dt>
        <dd>{signInMethodsText(profile.signInMethods)}</dd>
      </dl>
    </section>
  );
}

function Addresses({ addresses }: { addresses: CustomerDetail["addresses"] }) {
  return (
    <section className={styles.section} aria-labelledby="customer-addresses">
      <h2 id="customer-addresses">Direcciones</h2>
      {addresses.length === 0 ? (
        <p className={shared.muted}>No tiene direcciones guardadas.</p>
      ) : (
        <ul className={styles.cards}>
          {addresses.map((address) => (
            <li key={`${address.street}|${address.postalCode}|${address.name}|${address.phone}`}>
              <address>
                {address.name} {address.lastName}
                <br />
                {address.street} {address.floorDoor}
                <br />
                {address.postalCode} {address.city} ({address.country === "ES" ? "España" : "Portugal"})
                <br />
                {address.phone}
              </address>
              {address.isDefault && <p className={shared.muted}>Dirección principal</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Orders({ orders }: { orders: CustomerDetail["orders"] }) {
  return (
    <section className={styles.section} aria-labelledby="customer-orders">
      <h2 id="customer-orders">Pedidos</h2>
      {orders.length === 0 ? (
        <p className={shared.muted}>No tiene pedidos.</p>
      ) : (
        <ul className={styles.rows}>
          {orders.map((order) => (
            <li key={`${order.placedAt}|${order.number ?? ""}`}>
              {order.number === null ? (
                <span>Sin número (no pagado)</span>
              ) : (
                <Link to={backOfficePaths.order(order.number)}>Pedido {order.number}</Link>
              )}
              <span>{dateText(order.placedAt)}</span>
              <span>{statusLabels[order.status]}</span>
              <span>{formatPrice(order.totalCents, "es")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const newsletterTexts = {
  none: "No está suscrito al boletín.",
  pending: "Pidió el boletín y no ha confirmado la suscripción: no lo recibe.",
  confirmed: "Recibe el boletín.",
} as const;

function Newsletter({ newsletter }: { newsletter: CustomerDetail["newsletter"] }) {
  return (
    <section className={styles.section} aria-labelledby="customer-newsletter">
      <h2 id="customer-newsletter">Boletín</h2>
      <p>
        {newsletterTexts[newsletter.state]}
        {newsletter.since && <span className={shared.muted}> Desde el {dateText(newsletter.since)}.</span>}
      </p>
    </section>
  );
}

function History({ history }: { history: CustomerDetail["history"] }) {
  return (
    <section className={styles.section} aria-labelledby="customer-history">
      <h2 id="customer-history">Historial</h2>
      {history.length === 0 ? (
        <p className={shared.muted}>Nadie del equipo ha hecho nada con este cliente todavía.</p>
      ) : (
        <ol className={styles.rows}>
          {history.map((entry) => (
            <li key={`${entry.at}|${entry.action}|${entry.actor}`}>
              <span>{formatShopDateTime(entry.at, "es")}</span>
              <span>{entry.actor}</span>
              <span>{actionText(entry.action)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
