import { regionName } from "#shared/address/regions.ts";
import type { BackOfficeOrder } from "#shared/api/back-office-order-contract.ts";
import { ProductImage } from "#web/ui/product-image.tsx";
import styles from "../../back-office.module.css";
import local from "./order.module.css";
import {
  changeOf,
  euros,
  formatDateTime,
  formatDay,
  historyTitle,
  methodLabels,
  paymentStatusLabels,
  shippingLabels,
  statusLabels,
} from "./order-labels.ts";

type Props = { order: BackOfficeOrder };

export function OrderSummary({ order }: Props) {
  const { totals } = order;
  return (
    <section className={local.section} aria-labelledby="order-summary">
      <h2 id="order-summary">Resumen</h2>
      <dl className={styles.facts}>
        <dt>Estado</dt>
        <dd>
          <strong className={local.status}>{statusLabels[order.status]}</strong>
        </dd>
        <dt>Fecha</dt>
        <dd>{formatDateTime(order.placedAt)}</dd>
        <dt>Subtotal</dt>
        <dd>{euros(totals.subtotalCents)}</dd>
        {totals.discountCents > 0 && (
          <>
            <dt>Descuento{order.couponCode ? ` (${order.couponCode})` : ""}</dt>
            <dd>−{euros(totals.discountCents)}</dd>
          </>
        )}
        <dt>Envío</dt>
        <dd>
          {euros(totals.shippingCents)} · {shippingLabels[order.shippingMethod] ?? order.shippingMethod}
        </dd>
        <dt>Total</dt>
        <dd>
          <strong>{euros(totals.totalCents)}</strong> (IVA incluido)
        </dd>
        {order.shipment && (
          <>
            <dt>Seguimiento</dt>
            <dd>
              {order.shipment.carrier} ·{" "}
              <a href={order.shipment.url} target="_blank" rel="noreferrer">
                {order.shipment.number}
              </a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

export function OrderLines({ order }: Props) {
  return (
    <section className={local.section} aria-labelledby="order-lines">
      <h2 id="order-lines">Productos</h2>
      <ul className={local.lines}>
        {order.lines.map((line) => (
          <li key={line.position} className={local.line}>
            <ProductImage src={line.image} alt="" sizes="64px" className={local.picture} />
            <div>
              <p className={local.lineName}>{line.name}</p>
              <p className={styles.muted}>Ref. {line.code}</p>
              <p>
                {line.quantity} × {euros(line.unitCents)} = <strong>{euros(line.totalCents)}</strong>
              </p>
              {line.refundedQuantity > 0 && (
                <p className={local.refunded}>Devueltas: {line.refundedQuantity}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OrderDelivery({ order }: Props) {
  const { delivery } = order;
  const region =
    delivery.country === "ES" || delivery.country === "PT"
      ? regionName(delivery.country, delivery.region)
      : undefined;
  return (
    <section className={local.section} aria-labelledby="order-delivery">
      <h2 id="order-delivery">Entrega</h2>
      <address className={local.address}>
        {delivery.name} {delivery.lastName}
        <br />
        {[delivery.street, delivery.floorDoor].filter(Boolean).join(", ")}
        <br />
        {delivery.postalCode} {delivery.city} ({region ?? delivery.region}, {delivery.country})
        <br />
        Teléfono: {delivery.phone ? <a href={`tel:${delivery.phone}`}>{delivery.phone}</a> : "—"}
      </address>
      <p className={styles.muted}>
        Entrega prevista:{" "}
        {delivery.from === delivery.to
          ? formatDay(delivery.from)
          : `del ${formatDay(delivery.from)} al ${formatDay(delivery.to)}`}
      </p>
    </section>
  );
}

const buyerKinds = {
  account: "Con cuenta",
  guest: "Invitado (sin cuenta)",
  erased: "Cuenta borrada",
} as const;

export function OrderBuyer({ order }: Props) {
  const { buyer } = order;
  return (
    <section className={local.section} aria-labelledby="order-buyer">
      <h2 id="order-buyer">Cliente</h2>
      <dl className={styles.facts}>
        <dt>Nombre</dt>
        <dd>
          {buyer.name} {buyer.lastName}
        </dd>
        <dt>Correo</dt>
        <dd>
          <a href={`mailto:${buyer.email}`}>{buyer.email}</a>
        </dd>
        <dt>Tipo</dt>
        <dd>{buyerKinds[buyer.kind]}</dd>
        {buyer.company && (
          <>
            <dt>Empresa</dt>
            <dd>{buyer.company}</dd>
          </>
        )}
        {buyer.taxId && (
          <>
            <dt>NIF</dt>
            <dd>{buyer.taxId}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

export function OrderPayment({ order }: Props) {
  const { payment, refunds } = order;
  return (
    <section className={local.section} aria-labelledby="order-payment">
      <h2 id="order-payment">Pago</h2>
      {payment ? (
        <dl className={styles.facts}>
          <dt>Medio</dt>
          <dd>
            {(payment.method && methodLabels[payment.method]) ?? "—"}
            {payment.cardLast4 ? ` · •••• ${payment.cardLast4}` : ""}
          </dd>
          <dt>Estado</dt>
          <dd>{paymentStatusLabels[payment.status] ?? payment.status}</dd>
          <dt>Importe</dt>
          <dd>{euros(payment.amountCents)}</dd>
          <dt>Referencia</dt>
          <dd className={local.code}>
            {payment.provider} · {payment.reference}
          </dd>
        </dl>
      ) : (
        <p className={styles.muted}>Sin pago.</p>
      )}
      {refunds.length > 0 && (
        <>
          <h3 className={local.subheading}>Reembolsos</h3>
          <ul className={local.plain}>
            {refunds.map((refund) => (
              <li key={refund.creditNote}>
                {formatDateTime(refund.at)}: <strong>{euros(refund.amountCents)}</strong> ({refund.creditNote}
                {refund.shippingCents > 0 ? ", con envío" : ""}
                {refund.restocked ? ", a la venta" : ", no vuelve a la venta"}) ·{" "}
                {refund.status === "refunded" ? "hecho" : "en curso"}
                {refund.note ? ` · «${refund.note}»` : ""}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function OrderDocuments({ order }: Props) {
  return (
    <section className={local.section} aria-labelledby="order-documents">
      <h2 id="order-documents">Documentos</h2>
      <ul className={local.plain}>
        <li>
          <a href={order.packingSlipUrl} target="_blank" rel="noreferrer">
            Albarán para preparar el paquete (PDF)
          </a>
        </li>
        {order.documents.map((document) => (
          <li key={document.number}>
            <a href={document.url} target="_blank" rel="noreferrer">
              {document.kind === "invoice" ? "Factura" : "Factura de abono"} {document.number} (PDF)
            </a>{" "}
            <span className={styles.muted}>
              {formatDateTime(document.issuedAt)} · {euros(document.totalCents)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OrderHistory({ order }: Props) {
  return (
    <section className={`${local.section} ${local.full}`} aria-labelledby="order-history">
      <h2 id="order-history">Historial</h2>
      <ol className={local.history}>
        {[...order.history].reverse().map((entry) => (
          <li key={`${entry.at}-${entry.kind === "event" ? entry.status : entry.action}`}>
            <p>
              <strong>{historyTitle(entry)}</strong>{" "}
              <span className={styles.muted}>
                {formatDateTime(entry.at)}
                {entry.kind === "audit" ? ` · ${entry.actor}` : " · visible para el cliente"}
              </span>
            </p>
            {entry.kind === "audit" && changeOf(entry) && <p className={styles.muted}>{changeOf(entry)}</p>}
            {entry.note && <p className={local.note}>{entry.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
