import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SHOP_NODE_FLAGS } from "./node-flags.ts";

const command = `node ${SHOP_NODE_FLAGS.join(" ")} src/server/main.ts`;

describe("the shop's Node flags (decisions 061 and 062)", () => {
  it("are the same wherever the shop is started", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts;
    expect(scripts.start).toBe(`npm run build && ${command}`);
    expect(scripts.serve).toBe(command);
    const dockerCommand = JSON.stringify(["node", ...SHOP_NODE_FLAGS, "src/server/main.ts"]);
    expect(readFileSync("Dockerfile", "utf8")).toContain(`CMD ${dockerCommand.replaceAll(",", ", ")}`);
  });
});
