import { useId, useState } from "react";
import type { OrderView } from "#shared/api/order-contract.ts";
import { brand } from "#shared/brand.ts";
import { canRequestReturn, requestedUnits, returnableUnits } from "#shared/checkout/returns.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import type { ReturnLines } from "../api/order-calls.ts";
import styles from "./orders.module.css";

type Props = {
  order: OrderView;
  /** Sends the request (from the account, or through the signed link). */
  submit: (lines: ReturnLines) => Promise<unknown>;
  pending: boolean;
};

/**
 * «Desistir / devolver productos» (issue 33, decision 059): the units of each line still
 * returnable, chosen by a checkbox and a quantity, sent as one request; then the confirmation
 * with where to send the parcel. The open requests are listed, and the model withdrawal form of
 * Annex I(B) of Directive 2011/83/EU can be unfolded. The server checks everything again.
 */
export function ReturnRequestForm({ order, submit, pending }: Props) {
  const { t, lang } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const open = order.returnRequests ?? [];
  const left = returnableUnits(order.lines, open);
  const asked = requestedUnits(open);
  const allowed = canRequestReturn(order, new Date());
  const lines: ReturnLines = Object.entries(chosen)
    .filter(([, quantity]) => quantity > 0)
    .map(([position, quantity]) => ({ lineId: Number(position), quantity }));

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (lines.length === 0) return;
    setFailed(false);
    try {
      await submit(lines);
      setChosen({});
      setSent(true);
    } catch {
      setFailed(true);
    }
  }

  if (!allowed && open.length === 0 && !sent) return null;
  return (
    <section aria-labelledby={`${id}-title`} className={styles.returns}>
      <h2 id={`${id}-title`}>{t("orders.returns.title")}</h2>
      {sent && (
        <div role="status" className={styles.returnDone}>
          <p>
            <strong>{t("orders.returns.doneTitle")}</strong>
          </p>
          <p>{t("orders.returns.doneHow", { address: brand.company.returnAddress })}</p>
          <p>{t("orders.returns.doneRefund")}</p>
        </div>
      )}
      {open.length > 0 && (
        <>
          <h3>{t("orders.returns.openTitle")}</h3>
          <ul>
            {order.lines.map((line, position) =>
              asked.get(position) ? (
                <li key={line.code}>
                  {t("orders.returns.openLine", { quantity: asked.get(position) ?? 0, name: line.name })}
                </li>
              ) : null,
            )}
          </ul>
          <p>{t("orders.returns.sendTo", { address: brand.company.returnAddress })}</p>
        </>
      )}
      {allowed && (
        <form onSubmit={(event) => void send(event)} noValidate>
          <p>
            {t("orders.returns.intro", {
              until: order.returnableUntil ? formatShopDateTime(order.returnableUntil, lang) : "",
            })}
          </p>
          <fieldset>
            <legend>{t("orders.returns.legend")}</legend>
            {order.lines.map((line, position) => {
              const max = left[position] ?? 0;
              if (max === 0) return null;
              const quantity = chosen[position] ?? 0;
              const boxId = `${id}-line-${position}`;
              return (
                <div key={line.code} className={styles.returnLine}>
                  <input
                    type="checkbox"
                    id={boxId}
                    checked={quantity > 0}
                    onChange={(event) => setChosen({ ...chosen, [position]: event.target.checked ? max : 0 })}
                  />
                  <label htmlFor={boxId}>{line.name}</label>
                  <label htmlFor={`${boxId}-qty`} className={styles.returnQuantity}>
                    {t("orders.returns.quantity", { max, name: line.name })}
                  </label>
                  <input
                    type="number"
                    id={`${boxId}-qty`}
                    min={1}
                    max={max}
                    step={1}
                    value={quantity > 0 ? quantity : ""}
                    disabled={quantity === 0}
                    onChange={(event) => {
                      const value = Math.trunc(Number(event.target.value));
                      setChosen({ ...chosen, [position]: Math.min(max, Math.max(1, value || 1)) });
                    }}
                  />
                </div>
              );
            })}
          </fieldset>
          <p>{t("orders.returns.howItWorks", { address: brand.company.returnAddress })}</p>
          {failed && (
            <p role="alert" className={styles.returnError}>
              {t("orders.returns.failed")}
            </p>
          )}
          <button type="submit" className={styles.cancel} disabled={pending || lines.length === 0}>
            {t("orders.returns.submit")}
          </button>
        </form>
      )}
      <ModelWithdrawalForm />
    </section>
  );
}

/** The model withdrawal form of Annex I(B) of Directive 2011/83/EU, with the shop's details filled in. */
function ModelWithdrawalForm() {
  const { t } = useTranslation();
  const trader = `${brand.company.legalName}, ${brand.company.address}, ${brand.contact.email}`;
  const keys = ["to", "notice", "dates", "name", "address", "signature", "date"] as const;
  return (
    <details className={styles.modelForm}>
      <summary>{t("orders.returns.model.summary")}</summary>
      <p>
        <strong>{t("orders.returns.model.title")}</strong>
      </p>
      <p>{t("orders.returns.model.intro")}</p>
      <ul>
        {keys.map((key) => (
          <li key={key}>{t(`orders.returns.model.${key}`, { trader })}</li>
        ))}
      </ul>
      <p>{t("orders.returns.model.footnote")}</p>
      <p>{t("orders.returns.model.online")}</p>
    </details>
  );
}
