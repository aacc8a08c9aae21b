import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createSessionStore, signedIn, signedOut } from "#web/lib/session/session-store.ts";
import { CheckoutsProvider, createCheckouts, ShownCheckout, useCheckoutStore } from "./checkout-store.ts";

const ana = { id: "u1", email: "ana@example.com", name: "Ana", lastName: "García" };
const rui = { id: "u2", email: "rui@example.com", name: "Rui", lastName: "Costa" };
const guest = { id: "g1", email: "temp-g1@guest.invalid", name: "Guest", lastName: "", guest: true };

/** What a step reads of the checkout its steps show. */
function Step() {
  const owner = useCheckoutStore((state) => state.owner);
  const { step } = useCheckoutStore();
  return (
    <p>
      {owner} {step}
    </p>
  );
}

describe("the checkout store", () => {
  it("starts at the address step for the session's shopper, and keeps what they choose", () => {
    const checkouts = createCheckouts(createSessionStore(ana));
    const checkout = checkouts.current();
    expect(checkout.getState()).toMatchObject({
      owner: "u1",
      step: "address",
      addressId: null,
      couponCode: "",
    });
    checkout.getState().update({ addressId: "a1", couponCode: "HOLA" });
    checkout.getState().goTo("shipping");
    expect(checkouts.current().getState()).toMatchObject({
      step: "shipping",
      addressId: "a1",
      couponCode: "HOLA",
    });
  });

  it("starts afresh for another shopper, not when the same one signs out and in again", () => {
    const session = createSessionStore(null);
    const checkouts = createCheckouts(session);
    signedIn(session, guest);
    const guestKey = checkouts.current().getState().idempotencyKey;
    checkouts.current().getState().update({ addressId: "a1" });
    // The guest signs in to an account: the account's own checkout.
    signedIn(session, ana);
    expect(checkouts.current().getState()).toMatchObject({ owner: "u1", addressId: null, step: "address" });
    expect(checkouts.current().getState().idempotencyKey).not.toBe(guestKey);

    checkouts.current().getState().update({ addressId: "a2" });
    signedOut(session);
    signedIn(session, ana);
    expect(checkouts.current().getState()).toMatchObject({ owner: "u1", addressId: "a2" });
    signedOut(session);
    signedIn(session, rui);
    expect(checkouts.current().getState()).toMatchObject({ owner: "u2", addressId: null });
  });

  it("starts the next checkout once an order is placed, leaving the placed one as it was", () => {
    const checkouts = createCheckouts(createSessionStore(ana));
    const placed = checkouts.current();
    placed.getState().update({ addressId: "a1", shippingMethod: "express" });
    placed.getState().goTo("review");
    const key = placed.getState().idempotencyKey;

    placed.getState().placed();

    expect(placed.getState()).toMatchObject({ step: "review", addressId: "a1", idempotencyKey: key });
    const next = checkouts.current();
    expect(next).not.toBe(placed);
    expect(next.getState()).toMatchObject({ owner: "u1", step: "address", addressId: null });
    expect(next.getState().shippingMethod).toBe("standard");
    expect(next.getState().idempotencyKey).not.toBe(key);
  });

  it("is one per app: two server renders never share a checkout", () => {
    // (On the server, zustand draws a store's initial state, as the browser hydrates it.)
    const first = createCheckouts(createSessionStore(ana));
    const second = createCheckouts(createSessionStore(rui));
    first.current().getState().goTo("coupon");

    const draw = (checkouts: ReturnType<typeof createCheckouts>) =>
      renderToString(
        <CheckoutsProvider checkouts={checkouts}>
          <ShownCheckout>
            <Step />
          </ShownCheckout>
        </CheckoutsProvider>,
      );
    expect(draw(first)).toBe("<p>u1<!-- --> <!-- -->address</p>");
    expect(draw(second)).toBe("<p>u2<!-- --> <!-- -->address</p>");
    expect(first.current().getState().step).toBe("coupon");
    expect(second.current().getState().step).toBe("address");
  });
});
