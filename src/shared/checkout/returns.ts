/** Some units of one line of an order (by its position), as a return request asks for them. */
export type ReturnRequestLine = { position: number; quantity: number };

/** The right of withdrawal: days from delivery to ask for a return (Directive 2011/83/EU, art. 9). */
export const WITHDRAWAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last moment a withdrawal may be asked for: 14 whole days after the delivery (asked on the
 * 14th day it is in time, on the 15th it is not).
 */
export function withdrawalDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);
}

export function withinWithdrawal(deliveredAt: Date, now: Date): boolean {
  return now.getTime() <= withdrawalDeadline(deliveredAt).getTime();
}

/** Units of each line (by position) already in open return requests. */
export function requestedUnits(
  requests: readonly { lines: readonly ReturnRequestLine[] }[],
): Map<number, number> {
  const units = new Map<number, number>();
  for (const request of requests)
    for (const line of request.lines)
      units.set(line.position, (units.get(line.position) ?? 0) + line.quantity);
  return units;
}

/**
 * Units of each line the buyer may still ask to return: bought, less those refunded and those
 * already asked for in an open request (decision 059).
 */
export function returnableUnits(
  lines: readonly { quantity: number; refundedQuantity: number }[],
  requests: readonly { lines: readonly ReturnRequestLine[] }[],
): number[] {
  const requested = requestedUnits(requests);
  return lines.map((line, position) =>
    Math.max(0, line.quantity - line.refundedQuantity - (requested.get(position) ?? 0)),
  );
}

/** Whether the shopper may ask now for a withdrawal of some units of this order, as its view says. */
export function canRequestReturn(
  order: {
    status: string;
    lines: readonly { quantity: number; refundedQuantity: number }[];
    returnRequests?: readonly { lines: readonly ReturnRequestLine[] }[] | undefined;
    returnableUntil?: string | null | undefined;
  },
  now: Date,
): boolean {
  if (order.status !== "entregado" || !order.returnableUntil) return false;
  if (now.getTime() > Date.parse(order.returnableUntil)) return false;
  return returnableUnits(order.lines, order.returnRequests ?? []).some((units) => units > 0);
}
