import type { DehydratedState } from "@tanstack/react-query";

/** The page's query data, drawn on the server and hydrated in the browser. */
export const BACK_OFFICE_BOOT_ID = "gestion-boot";

/** JSON safe inside a `<script type="application/json">`: no "<" to close it early. */
export function serializeBoot(queryState: DehydratedState): string {
  return JSON.stringify({ queryState }).replace(/</g, "\\u003c");
}

/** The boot data of the page, if it carries a query state (the server wrote it: its shape is checked, not its queries). */
export function readBoot(text: string | null | undefined): DehydratedState | undefined {
  if (!text) return undefined;
  const boot: unknown = JSON.parse(text);
  const state = typeof boot === "object" && boot !== null ? Reflect.get(boot, "queryState") : undefined;
  return isDehydratedState(state) ? state : undefined;
}

function isDehydratedState(value: unknown): value is DehydratedState {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray(Reflect.get(value, "queries")) &&
    Array.isArray(Reflect.get(value, "mutations"))
  );
}
