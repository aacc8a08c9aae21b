/**
 * Every name, contact and address of the (fictional) franchise and its operator.
 * Nothing else in the code base spells these out: change them here.
 */
export const brand = {
  franchise: "Miaubot",
  shopName: "Tienda Oficial Miaubot",
  shortName: "Miaubot",
  company: {
    legalName: "Faro Azul Licencias, S.L.",
    taxId: "B87654323",
    address: "Calle de la Imaginación 12, 28001 Madrid, España",
    registry: "Registro Mercantil de Madrid, tomo 40.001, folio 12, hoja M-700.001",
    /** Where returned parcels go (the warehouse; decision 059). */
    returnAddress: "Miaubot Devoluciones, Calle del Engranaje 7, nave 3, 28906 Getafe (Madrid), España",
  },
  contact: {
    phone: "+34 910 555 123",
    phoneHref: "tel:+34910555123",
    whatsapp: "+34 611 555 123",
    whatsappHref: "https://wa.me/34611555123",
    email: "atencion@tienda-miaubot.example",
    privacyEmail: "privacidad@tienda-miaubot.example",
    /** The sender of the shop's automatic mail (orders, password resets). */
    noReply: "no-responder@tienda-miaubot.example",
  },
  sisterSites: [
    { id: "sisterStore", name: "Tienda Oficial Astrocan", url: "https://tienda-astrocan.example" },
    { id: "companySite", name: "Faro Azul Licencias", url: "https://faroazul-licencias.example" },
  ],
  social: {
    youtube: "https://www.youtube.com/@miaubotoficial",
    instagram: "https://www.instagram.com/miaubotoficial/",
    facebook: "https://www.facebook.com/miaubotoficial",
    twitter: "https://x.com/miaubotoficial",
  },
  designCredit: "Diseño: Estudio Faro Azul",
  characters: {
    hero: "Miaubot",
    girl: "Lía",
    mouse: "Pipo",
    inventor: "Profesora Tuerca",
    friend: "Bruno",
    puppy: "Chispa",
  },
  colors: { primary: "#009FE3" },
  /**
   * Who carries the parcels (issue 30): the back office ships with one of these and the parcel's
   * number, and the shopper's tracking link is `trackingUrl` with `{number}` filled in.
   */
  carriers: [
    {
      id: "envios-veloz",
      name: "Envíos Veloz",
      trackingUrl: "https://seguimiento.envios-veloz.example/envio/{number}",
    },
    {
      id: "correo-iberico",
      name: "Correo Ibérico Express",
      trackingUrl: "https://www.correo-iberico.example/localizar?codigo={number}",
    },
    {
      id: "luso-entregas",
      name: "Luso Entregas",
      trackingUrl: "https://track.luso-entregas.example/{number}",
    },
  ],
} as const;

export type Brand = typeof brand;
