import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CartView } from "#shared/api/shopper-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { answerOf, api, apiQuery } from "#web/lib/api-client.ts";
import { useLang } from "#web/lib/i18n/i18n.tsx";
import { perUserMeta } from "#web/lib/query-client.ts";
import { useSession } from "#web/lib/session/session.tsx";
import { canShop } from "#web/lib/session/session-store.ts";

export const cartQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ["cart", lang],
    queryFn: apiQuery((api) => api.cart.$get({ query: { lang } })),
    meta: perUserMeta,
  });

/** The signed-in shopper's or the guest's cart; nothing for a visitor. */
export function useCart() {
  const lang = useLang();
  const shopping = useSession(canShop);
  return useQuery({ ...cartQuery(lang), enabled: shopping });
}

type CartChange =
  | { kind: "add"; productId: number; cantidad: number }
  | { kind: "set"; productId: number; cantidad: number }
  | { kind: "remove"; productId: number };

export function changeCart(change: CartChange, lang: Lang): Promise<CartView> {
  const line = { param: { id: String(change.productId) }, query: { lang } };
  if (change.kind === "remove") return answerOf(api.cart[":id"].$delete(line));
  const json = { cantidad: change.cantidad };
  return answerOf(
    change.kind === "add"
      ? api.cart[":id"].$post({ ...line, json })
      : api.cart[":id"].$put({ ...line, json }),
  );
}

/** Every cart change answers with the whole cart: it replaces the cached one. */
export function useChangeCart() {
  const lang = useLang();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CartChange) => changeCart(change, lang),
    onSuccess: (cart) => queryClient.setQueryData(cartQuery(lang).queryKey, cart),
  });
}
