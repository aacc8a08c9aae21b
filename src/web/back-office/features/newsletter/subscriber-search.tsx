import { subscriberStates } from "#shared/api/back-office-newsletter-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { type ListOption, ListSearch } from "../../components/list-search.tsx";
import { stateNames } from "./newsletter-labels.ts";
import { readSubscribersAddress, type SubscribersAddress, subscribersHref } from "./newsletter-url.ts";

const stateOptions: readonly ListOption[] = [
  { value: "", label: "Todos" },
  ...subscriberStates.map((value) => ({ value, label: stateNames[value] })),
];

/** The subscribers' search: any part of the address, and their state (components/list-search.tsx). */
export function SubscriberSearch({ address }: { address: SubscribersAddress }) {
  const query = address.ok ? address.query : undefined;
  return (
    <ListSearch
      path={backOfficePaths.newsletter()}
      idPrefix="subscribers"
      typed={query?.q ?? ""}
      hint="Cualquier parte del correo"
      filters={[
        { kind: "select", name: "state", label: "Estado", value: query?.state ?? "", options: stateOptions },
      ]}
      filtered={query?.q !== undefined || query?.state !== undefined}
      read={readSubscribersAddress}
      href={subscribersHref}
    />
  );
}
