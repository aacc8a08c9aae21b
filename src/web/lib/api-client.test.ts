import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { ApiError, apiQuery, apiQueryOrNull } from "./api-client.ts";
import { createQueryClient, fetcherOf } from "./query-client.ts";

describe("the API seam of queries", () => {
  it("calls the API through the fetcher of the query client that runs the query", async () => {
    const asked: string[] = [];
    const client = createQueryClient({
      onServer: true,
      fetcher: async (input) => {
        asked.push(input);
        return Response.json({ featured: [], giftsByAge: [] });
      },
    });
    const data = await client.fetchQuery({
      queryKey: ["home", "es"],
      queryFn: apiQuery((api) => api.home.$get({ query: { lang: "es" } })),
    });
    expect(data).toEqual({ featured: [], giftsByAge: [] });
    expect(asked).toEqual(["/api/home?lang=es"]);
  });

  it("keeps two clients' fetchers apart (two page requests rendered at once)", async () => {
    const client = (who: string) =>
      createQueryClient({
        onServer: true,
        fetcher: async () => Response.json({ user: { id: who, email: "", name: who, lastName: "" } }),
      });
    const [ana, luis] = [client("ana"), client("luis")];
    const query = { queryKey: ["me"], queryFn: apiQuery((api) => api.me.$get()) };
    const answers = await Promise.all([ana.fetchQuery(query), luis.fetchQuery(query)]);
    expect(answers.map((answer) => answer.user.name)).toEqual(["ana", "luis"]);
  });

  it("answers null for a 404 when asked to, and an ApiError with the server's code otherwise", async () => {
    const client = createQueryClient({
      onServer: true,
      fetcher: async () =>
        Response.json({ error: { code: "product-not-found", message: "No" } }, { status: 404 }),
    });
    expect(
      await client.fetchQuery({
        queryKey: ["p"],
        queryFn: apiQueryOrNull((api) => api.products[":id"].$get({ param: { id: "9" }, query: {} })),
      }),
    ).toBeNull();
    await expect(
      client.fetchQuery({
        queryKey: ["q"],
        queryFn: apiQuery((api) => api.products[":id"].$get({ param: { id: "9" }, query: {} })),
      }),
    ).rejects.toEqual(new ApiError(404, "product-not-found", "No"));
  });

  it("uses the browser's fetch for a plain query client", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (input: string) => {
      asked.push(input);
      return Response.json({ ok: true });
    });
    try {
      await fetcherOf(new QueryClient())("/api/cart?lang=pt");
      expect(asked).toEqual(["/api/cart?lang=pt"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
