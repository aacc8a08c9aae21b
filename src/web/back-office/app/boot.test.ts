import { dehydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { readBoot, serializeBoot } from "./boot.ts";

describe("the back office's boot data", () => {
  it("travels in a script element and is read back", () => {
    const client = new QueryClient();
    client.setQueryData(["gestion", "me"], { name: "</script><b>" });
    const state = dehydrate(client);
    const text = serializeBoot(state);
    expect(text).not.toContain("<");
    expect(readBoot(text)).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it("reads nothing from an empty or foreign element", () => {
    expect(readBoot(null)).toBeUndefined();
    expect(readBoot('{"queryState":{"queries":1}}')).toBeUndefined();
  });
});
