import { brand } from "#shared/brand.ts";

/** What the newsletter's mails and pages say, in both languages. */
export const newsletterWords = {
  es: {
    confirmSubject: `Confirma tu suscripción a la newsletter de ${brand.shopName}`,
    confirmMail: [
      "Hola:",
      `Alguien (esperamos que tú) ha pedido recibir la newsletter de ${brand.shopName} en esta dirección.`,
      "Para empezar a recibirla, confirma tu suscripción con este enlace:",
    ],
    confirmIgnore: "Si no lo has pedido tú, no hagas nada: no te escribiremos más.",
    unsubscribeLine: "¿No quieres recibir más correos como este? Date de baja con un clic:",
    confirmTitle: "Confirma tu suscripción",
    confirmText: `Pulsa el botón para recibir la newsletter de ${brand.shopName}.`,
    confirmButton: "Confirmar suscripción",
    confirmedTitle: "¡Suscripción confirmada!",
    confirmedText: "Gracias. Pronto recibirás nuestras novedades en tu correo.",
    unsubscribeTitle: "Darse de baja",
    unsubscribeText: `Pulsa el botón y no volverás a recibir la newsletter de ${brand.shopName}.`,
    unsubscribeButton: "Darme de baja",
    unsubscribedTitle: "Te has dado de baja",
    unsubscribedText: "No volverás a recibir la newsletter. Puedes suscribirte de nuevo cuando quieras.",
    unknownTitle: "Enlace no válido",
    unknownText:
      "Este enlace ya no sirve: quizá ya lo usaste. Si quieres, suscríbete de nuevo desde la tienda.",
    backToShop: "Volver a la tienda",
  },
  pt: {
    confirmSubject: `Confirme a sua subscrição da newsletter da ${brand.shopName}`,
    confirmMail: [
      "Olá:",
      `Alguém (esperamos que tenha sido você) pediu para receber a newsletter da ${brand.shopName} neste endereço.`,
      "Para começar a recebê-la, confirme a sua subscrição com esta ligação:",
    ],
    confirmIgnore: "Se não foi você que pediu, não faça nada: não voltaremos a escrever-lhe.",
    unsubscribeLine: "Não quer receber mais e-mails como este? Cancele a subscrição com um clique:",
    confirmTitle: "Confirme a sua subscrição",
    confirmText: `Carregue no botão para receber a newsletter da ${brand.shopName}.`,
    confirmButton: "Confirmar subscrição",
    confirmedTitle: "Subscrição confirmada!",
    confirmedText: "Obrigado. Em breve receberá as nossas novidades no seu correio.",
    unsubscribeTitle: "Cancelar a subscrição",
    unsubscribeText: `Carregue no botão e não voltará a receber a newsletter da ${brand.shopName}.`,
    unsubscribeButton: "Cancelar a subscrição",
    unsubscribedTitle: "Subscrição cancelada",
    unsubscribedText: "Não voltará a receber a newsletter. Pode voltar a subscrever quando quiser.",
    unknownTitle: "Ligação inválida",
    unknownText: "Esta ligação já não serve: talvez já a tenha usado. Se quiser, subscreva de novo na loja.",
    backToShop: "Voltar à loja",
  },
} as const;
