import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WishlistView } from "#shared/api/shopper-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { answerOf, api, apiQuery } from "#web/lib/api-client.ts";
import { useLang } from "#web/lib/i18n/i18n.tsx";
import { perUserMeta } from "#web/lib/query-client.ts";
import { useSession } from "#web/lib/session/session.tsx";

export const wishlistQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ["wishlist", lang],
    queryFn: apiQuery((api) => api.wishlist.$get({ query: { lang } })),
    meta: perUserMeta,
  });

export function useWishlist() {
  const lang = useLang();
  const signedIn = useSession((state) => state.acceso);
  return useQuery({ ...wishlistQuery(lang), enabled: signedIn });
}

export function changeWishlist(productId: number, wished: boolean, lang: Lang): Promise<WishlistView> {
  const line = { param: { id: String(productId) }, query: { lang } };
  return answerOf(wished ? api.wishlist[":id"].$put(line) : api.wishlist[":id"].$delete(line));
}

export function useChangeWishlist() {
  const lang = useLang();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, wished }: { productId: number; wished: boolean }) =>
      changeWishlist(productId, wished, lang),
    onSuccess: (list) => queryClient.setQueryData(wishlistQuery(lang).queryKey, list),
  });
}
