import { describe, expect, it } from "vitest";
import type { OrderView } from "#shared/api/order-contract.ts";
import { brand } from "#shared/brand.ts";
import { orderPlacedMail, orderRefundMail, orderReturnRequestMail, orderStatusMail } from "./order-mails.ts";

const link = "https://tienda.example/pedido/5f0c1a52-3d4e-4a8f-9b1c-2d3e4f5a6b7c?clave=1.abc";

const order: OrderView = {
  id: "5f0c1a52-3d4e-4a8f-9b1c-2d3e4f5a6b7c",
  number: "2026-000042",
  status: "pagado",
  placedAt: "2026-11-23T09:00:00.000Z",
  lines: [
    {
      productId: 3,
      code: "A0003",
      name: "Set de <lápices>",
      quantity: 2,
      unitCents: 395,
      totalCents: 790,
      vatRate: 21,
      refundedQuantity: 0,
    },
  ],
  address: {
    name: "Ana",
    lastName: "García",
    street: "Calle de Alcalá 12",
    floorDoor: "",
    postalCode: "28013",
    city: "Madrid",
    country: "ES",
    region: "28",
    phone: "612345678",
  },
  buyer: { name: "Ana", lastName: "García", email: "ana@example.com", company: "", taxId: "" },
  shippingMethod: "standard",
  couponCode: null,
  totals: { subtotalCents: 790, discountCents: 0, shippingCents: 495, vat: [], totalCents: 1285 },
  delivery: { from: "2026-11-25", to: "2026-11-26" },
  payBy: null,
  shipment: null,
  payment: null,
  invoices: [],
  history: [],
};

describe("order mails", () => {
  it("confirms an order with its lines, total, delivery window and link, in the order's language", () => {
    const mail = orderPlacedMail(order, "es", link);
    expect(mail.to).toBe("ana@example.com");
    expect(mail.subject).toBe("Tu pedido 2026-000042 en Tienda Oficial Miaubot");
    expect(mail.text).toContain("2 × Set de <lápices> — 7,90");
    expect(mail.text).toContain("Entrega prevista entre el 25 de noviembre y el 26 de noviembre.");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace("&", "&#38;")}"`);
    expect(mail.html).toContain("Set de &#60;lápices&#62;");
    expect(mail.html).not.toContain("<lápices>");
    expect(orderPlacedMail(order, "pt", link).subject).toBe(
      "A sua encomenda 2026-000042 na Tienda Oficial Miaubot",
    );
  });

  it("tells the buyer where the order stands", () => {
    const shipped = orderStatusMail({ ...order, status: "enviado" }, "es", link);
    expect(shipped.subject).toBe("Novedades de tu pedido 2026-000042");
    expect(shipped.text).toContain("ha salido de nuestro almacén");
    const returned = orderStatusMail({ ...order, status: "devuelto" }, "pt", link);
    expect(returned.text).toContain("Recebemos a sua devolução");
  });

  it("gives the shipped order's carrier, tracking number and link, in the order's language", () => {
    const shipment = {
      carrier: "Envíos Veloz",
      number: "ABC-123",
      url: "https://seguimiento.envios-veloz.example/envio/ABC-123?a=1&b=<2>",
    };
    const shipped = orderStatusMail({ ...order, status: "enviado", shipment }, "es", link);
    expect(shipped.text).toContain("Lo lleva Envíos Veloz con el número de seguimiento ABC-123.");
    expect(shipped.text).toContain(`Seguir mi envío: ${shipment.url}`);
    expect(shipped.text).toContain(link);
    expect(shipped.html).toContain(
      '<a href="https://seguimiento.envios-veloz.example/envio/ABC-123?a=1&#38;b=&#60;2&#62;">Seguir mi envío</a>',
    );
    const enviado = orderStatusMail({ ...order, status: "enviado", shipment }, "pt", link);
    expect(enviado.text).toContain("É transportada pela Envíos Veloz com o número de seguimento ABC-123.");
    expect(enviado.text).toContain(`Seguir a minha encomenda: ${shipment.url}`);
    // Only the shipped mail carries it: the delivered one does not send the shopper tracking again.
    const delivered = orderStatusMail({ ...order, status: "entregado", shipment }, "es", link);
    expect(delivered.text).not.toContain("Seguir mi envío");
    expect(orderStatusMail({ ...order, status: "enviado" }, "es", link).text).not.toContain(
      "Seguir mi envío",
    );
  });

  it("acknowledges a withdrawal with the date and time it was recorded, on the shop's clock", () => {
    const withdrawn = orderStatusMail(
      {
        ...order,
        status: "devolucion-solicitada",
        history: [
          { status: "pagado", at: "2026-11-23T09:00:00.000Z", note: "" },
          { status: "entregado", at: "2026-11-26T10:00:00.000Z", note: "" },
          { status: "devolucion-solicitada", at: "2026-11-30T17:45:00.000Z", note: "" },
        ],
      },
      "es",
      link,
    );
    expect(withdrawn.text).toContain("Hemos registrado tu desistimiento");
    expect(withdrawn.text).toMatch(/Fecha y hora: 30 de noviembre de 2026 a las 18:45\./);
  });

  it("tells the buyer what part of the order goes back, how much and in which credit note", () => {
    const refund = {
      creditNote: "A2026-000007",
      quote: {
        lines: [{ position: 0, quantity: 1, grossCents: 395, discountCents: 40 }],
        shippingCents: 495,
        vat: [{ ratePercent: 21, baseCents: 702, vatCents: 148 }],
        totalCents: 850,
      },
    };
    const mail = orderRefundMail(order, "es", link, refund);
    expect(mail.subject).toBe("Te devolvemos parte de tu pedido 2026-000042");
    expect(mail.text).toContain("Te devolvemos 8,50");
    expect(mail.text).toContain("A2026-000007");
    expect(mail.text).toContain("1 × Set de <lápices> — 3,55");
    expect(mail.text).toContain("Gastos de envío — 4,95");
    expect(orderRefundMail(order, "pt", link, refund).text).toContain("Portes de envio — 4,95");
  });
});

describe("the acknowledgement of a withdrawal per line (decision 059)", () => {
  const request = { createdAt: "2026-11-28T09:30:00.000Z", lines: [{ position: 0, quantity: 1 }] };

  it("names the units, the return address and that the refund comes with the parcel, in Spanish", () => {
    const mail = orderReturnRequestMail({ ...order, status: "entregado" }, "es", link, request);
    expect(mail.to).toBe("ana@example.com");
    expect(mail.subject).toBe("Hemos registrado tu devolución del pedido 2026-000042");
    expect(mail.text).toContain("1 × Set de <lápices>");
    expect(mail.text).toContain(brand.company.returnAddress);
    expect(mail.text).toContain("en cuanto recibamos el paquete");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain("Set de &#60;lápices&#62;");
  });

  it("speaks Portuguese to a Portuguese order", () => {
    const mail = orderReturnRequestMail({ ...order, status: "entregado" }, "pt", link, request);
    expect(mail.subject).toBe("Registámos a sua devolução da encomenda 2026-000042");
    expect(mail.text).toContain("assim que recebermos a encomenda");
    expect(mail.text).toContain(brand.company.returnAddress);
  });
});
