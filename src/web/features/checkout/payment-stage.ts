import type { PaymentSessionView } from "#shared/api/payment-contract.ts";

export type PaymentStage = "confirming" | "failed" | "multibanco" | "form";

/**
 * Where an order's payment stands (decision 034): the provider is working on it (or the shopper is
 * back from 3-D Secure or their bank's app saying it went through), the last attempt failed, a
 * Multibanco reference waits to be paid, or nothing has been tried yet.
 */
export function stagePayment(
  session: Pick<PaymentSessionView, "status" | "lastFailure" | "multibanco">,
  returning: boolean,
): PaymentStage {
  if (session.status === "processing" || session.status === "succeeded") return "confirming";
  if (session.lastFailure) return "failed";
  if (session.multibanco) return "multibanco";
  // A cancelled intent means the order is ending: the order's refetch says how.
  return returning || session.status === "canceled" ? "confirming" : "form";
}
