import {
  type OrderStatus,
  type OrderView,
  orderLabel,
  type ReturnRequestLine,
} from "#shared/api/order-contract.ts";
import { brand } from "#shared/brand.ts";
import type { RefundQuote } from "#shared/checkout/refunds.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import type { Lang } from "#shared/lang.ts";
import { localeOf } from "#shared/lang.ts";
import { formatPrice } from "#shared/money.ts";
import { escapeHtml } from "../mail/html.ts";
import type { MailMessage } from "../mail/mailer.ts";

export type OrderMail = MailMessage;

const texts = {
  es: {
    hello: (name: string) => `Hola, ${name}:`,
    placedSubject: (number: string) => `Tu pedido ${number} en ${brand.shopName}`,
    placed: "¡Gracias por tu compra! Hemos recibido tu pedido y el pago.",
    delivery: (from: string, to: string) =>
      from === to ? `Entrega prevista el ${from}.` : `Entrega prevista entre el ${from} y el ${to}.`,
    total: "Total (IVA incluido)",
    seeOrder: "Ver el pedido y descargar la factura",
    statusSubject: (number: string) => `Novedades de tu pedido ${number}`,
    changedAt: (when: string) => `Fecha y hora: ${when}.`,
    shipment: (carrier: string, number: string) =>
      `Lo lleva ${carrier} con el número de seguimiento ${number}.`,
    track: "Seguir mi envío",
    status: {
      "pendiente-pago": "Tu pedido está reservado y espera el pago.",
      pagado: "Tu pedido está pagado.",
      preparando: "Estamos preparando tu pedido.",
      enviado: "Tu pedido ha salido de nuestro almacén y va camino de tu casa.",
      entregado: "Tu pedido figura como entregado. Si algo no está bien, tienes 14 días para devolverlo.",
      cancelado:
        "Tu pedido está cancelado. Te devolvemos el importe por el mismo medio con el que pagaste y tienes la factura de abono en el pedido.",
      "devolucion-solicitada": `Hemos registrado tu desistimiento. Envía el paquete a ${brand.company.returnAddress}; cuando llegue te devolveremos el dinero.`,
      devuelto:
        "Hemos recibido tu devolución: te devolvemos el importe por el mismo medio con el que pagaste y tienes la factura de abono en el pedido.",
      caducado:
        "El plazo para pagar tu pedido ha terminado sin recibir el pago: no se te ha cobrado nada y los productos han vuelto a la venta.",
    } satisfies Record<OrderStatus, string>,
    multibanco: (entity: string, reference: string, amount: string, until: string) =>
      `Paga con Multibanco (cajero o banca en línea): entidad ${entity}, referencia ${reference}, importe ${amount}, antes del ${until}. Te avisaremos cuando lo recibamos.`,
    refundSubject: (number: string) => `Te devolvemos parte de tu pedido ${number}`,
    refund: (amount: string, creditNote: string) =>
      `Te devolvemos ${amount} por el mismo medio con el que pagaste; según tu banco, puede tardar unos días en verse. La factura de abono ${creditNote} está en el pedido.`,
    shippingRefunded: "Gastos de envío",
    returnSubject: (number: string) => `Hemos registrado tu devolución del pedido ${number}`,
    returnRequested: (when: string) => `Hemos registrado tu desistimiento (${when}) de estos productos:`,
    returnHow: `Cómo devolverlos: mételos en un paquete con una nota con el número de pedido y envíalo a ${brand.company.returnAddress} en los 14 días siguientes. Los gastos de devolución corren de tu cuenta. Guarda el justificante de envío.`,
    returnRefund:
      "Te devolveremos el importe de estos productos por el mismo medio con el que pagaste en cuanto recibamos el paquete, y te enviaremos la factura de abono.",
    signature: `El equipo de ${brand.shopName} · ${brand.contact.email} · ${brand.contact.phone}`,
  },
  pt: {
    hello: (name: string) => `Olá, ${name}:`,
    placedSubject: (number: string) => `A sua encomenda ${number} na ${brand.shopName}`,
    placed: "Obrigado pela sua compra! Recebemos a sua encomenda e o pagamento.",
    delivery: (from: string, to: string) =>
      from === to ? `Entrega prevista a ${from}.` : `Entrega prevista entre ${from} e ${to}.`,
    total: "Total (IVA incluído)",
    seeOrder: "Ver a encomenda e descarregar a fatura",
    statusSubject: (number: string) => `Novidades da sua encomenda ${number}`,
    changedAt: (when: string) => `Data e hora: ${when}.`,
    shipment: (carrier: string, number: string) =>
      `É transportada pela ${carrier} com o número de seguimento ${number}.`,
    track: "Seguir a minha encomenda",
    status: {
      "pendiente-pago": "A sua encomenda está reservada e aguarda o pagamento.",
      pagado: "A sua encomenda está paga.",
      preparando: "Estamos a preparar a sua encomenda.",
      enviado: "A sua encomenda saiu do nosso armazém e está a caminho.",
      entregado:
        "A sua encomenda consta como entregue. Se algo não estiver bem, tem 14 dias para a devolver.",
      cancelado:
        "A sua encomenda está cancelada. Devolvemos o valor pelo mesmo meio com que pagou e tem a nota de crédito na encomenda.",
      "devolucion-solicitada": `Registámos a resolução do contrato. Envie a encomenda para ${brand.company.returnAddress}; quando chegar devolvemos o dinheiro.`,
      devuelto:
        "Recebemos a sua devolução: devolvemos o valor pelo mesmo meio com que pagou e tem a nota de crédito na encomenda.",
      caducado:
        "O prazo para pagar a sua encomenda terminou sem recebermos o pagamento: nada lhe foi cobrado e os produtos voltaram à venda.",
    } satisfies Record<OrderStatus, string>,
    multibanco: (entity: string, reference: string, amount: string, until: string) =>
      `Pague por Multibanco (caixa automática ou homebanking): entidade ${entity}, referência ${reference}, montante ${amount}, até ${until}. Avisamos quando o recebermos.`,
    refundSubject: (number: string) => `Devolvemos parte da sua encomenda ${number}`,
    refund: (amount: string, creditNote: string) =>
      `Devolvemos ${amount} pelo mesmo meio com que pagou; consoante o seu banco, pode demorar alguns dias a aparecer. A nota de crédito ${creditNote} está na encomenda.`,
    shippingRefunded: "Portes de envio",
    returnSubject: (number: string) => `Registámos a sua devolução da encomenda ${number}`,
    returnRequested: (when: string) =>
      `Registámos a resolução do contrato (${when}) quanto a estes produtos:`,
    returnHow: `Como os devolver: coloque-os numa embalagem com uma nota com o número da encomenda e envie-a para ${brand.company.returnAddress} nos 14 dias seguintes. Os custos da devolução ficam a seu cargo. Guarde o comprovativo de envio.`,
    returnRefund:
      "Devolvemos o valor destes produtos pelo mesmo meio com que pagou assim que recebermos a encomenda, e enviamos a nota de crédito.",
    signature: `A equipa da ${brand.shopName} · ${brand.contact.email} · ${brand.contact.phone}`,
  },
} as const;

/** "25 de noviembre": a delivery date (noon UTC of a calendar day), formatters made once. */
const deliveryDays = {
  es: new Intl.DateTimeFormat(localeOf.es, { day: "numeric", month: "long", timeZone: "UTC" }),
  pt: new Intl.DateTimeFormat(localeOf.pt, { day: "numeric", month: "long", timeZone: "UTC" }),
} satisfies Record<Lang, Intl.DateTimeFormat>;

/**
 * The mail that confirms an order: what was bought, the total, when it arrives, and the link (the
 * order's signed link: it opens the order without an account, decision 032).
 */
export function orderPlacedMail(order: OrderView, lang: Lang, link: string): OrderMail {
  const words = texts[lang];
  const money = (cents: number) => formatPrice(cents, lang);
  const day = (iso: string) => deliveryDays[lang].format(new Date(`${iso}T12:00:00Z`));
  const lines = order.lines.map((line) => `${line.quantity} × ${line.name} — ${money(line.totalCents)}`);
  const paragraphs = [
    words.hello(order.buyer.name),
    words.placed,
    orderLabel(order),
    ...lines,
    `${words.total}: ${money(order.totals.totalCents)}`,
    words.delivery(day(order.delivery.from), day(order.delivery.to)),
  ];
  return compose(
    order.buyer.email,
    words.placedSubject(orderLabel(order)),
    paragraphs,
    [{ label: words.seeOrder, href: link }],
    words.signature,
  );
}

/**
 * The mail that tells the buyer their order moved on (shipped, delivered, cancelled, returned),
 * with the date and time of the change: for a withdrawal it is the acknowledgement the law asks for.
 */
export function orderStatusMail(order: OrderView, lang: Lang, link: string): OrderMail {
  const words = texts[lang];
  const change = order.history.findLast((event) => event.status === order.status);
  const multibanco = order.payment?.multibanco;
  // Shipped: who carries it, its number and the carrier's page that follows it (issue 30).
  const shipment = order.status === "enviado" ? order.shipment : null;
  const paragraphs = [
    words.hello(order.buyer.name),
    `${orderLabel(order)}: ${words.status[order.status]}`,
    ...(shipment ? [words.shipment(shipment.carrier, shipment.number)] : []),
    ...(multibanco
      ? [
          words.multibanco(
            multibanco.entity,
            multibanco.reference,
            formatPrice(multibanco.amountCents, lang),
            formatShopDateTime(multibanco.expiresAt, lang),
          ),
        ]
      : []),
    ...(change ? [words.changedAt(formatShopDateTime(change.at, lang))] : []),
  ];
  return compose(
    order.buyer.email,
    words.statusSubject(orderLabel(order)),
    paragraphs,
    [
      ...(shipment ? [{ label: words.track, href: shipment.url }] : []),
      { label: words.seeOrder, href: link },
    ],
    words.signature,
  );
}

/**
 * The mail that tells the buyer part of their order is refunded (issue 27): what goes back, how
 * much, and the credit note's number.
 */
export function orderRefundMail(
  order: OrderView,
  lang: Lang,
  link: string,
  refund: { creditNote: string; quote: RefundQuote },
): OrderMail {
  const words = texts[lang];
  const money = (cents: number) => formatPrice(cents, lang);
  const { quote } = refund;
  const lines = quote.lines.map((line) => {
    const name = order.lines[line.position]?.name ?? "";
    return `${line.quantity} × ${name} — ${money(line.grossCents - line.discountCents)}`;
  });
  const paragraphs = [
    words.hello(order.buyer.name),
    words.refund(money(quote.totalCents), refund.creditNote),
    ...lines,
    ...(quote.shippingCents > 0 ? [`${words.shippingRefunded} — ${money(quote.shippingCents)}`] : []),
  ];
  return compose(
    order.buyer.email,
    words.refundSubject(orderLabel(order)),
    paragraphs,
    [{ label: words.seeOrder, href: link }],
    words.signature,
  );
}

/**
 * The acknowledgement of a withdrawal of some units (issue 33, decision 059), on a durable medium
 * as the law asks: when it was received, which units, where to send them and that the money
 * comes back once the parcel is in.
 */
export function orderReturnRequestMail(
  order: OrderView,
  lang: Lang,
  link: string,
  request: { createdAt: string; lines: readonly ReturnRequestLine[] },
): OrderMail {
  const words = texts[lang];
  const lines = request.lines.map((line) => `${line.quantity} × ${order.lines[line.position]?.name ?? ""}`);
  const paragraphs = [
    words.hello(order.buyer.name),
    `${orderLabel(order)}: ${words.returnRequested(formatShopDateTime(request.createdAt, lang))}`,
    ...lines,
    words.returnHow,
    words.returnRefund,
  ];
  return compose(
    order.buyer.email,
    words.returnSubject(orderLabel(order)),
    paragraphs,
    [{ label: words.seeOrder, href: link }],
    words.signature,
  );
}

function compose(
  to: string,
  subject: string,
  paragraphs: readonly string[],
  links: readonly { label: string; href: string }[],
  signature: string,
): OrderMail {
  const text = [...paragraphs, ...links.map((link) => `${link.label}: ${link.href}`), "", signature].join(
    "\n\n",
  );
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...links.map((link) => `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`),
    `<p style="color:#4f5a6b">${escapeHtml(signature)}</p>`,
  ].join("\n");
  return { to, subject, text, html };
}
