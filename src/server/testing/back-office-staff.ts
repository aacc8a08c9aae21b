import { expect } from "vitest";
import {
  type BackOfficeOrder,
  backOfficeOrderApi,
  backOfficeOrderSchema,
  orderActionAnswerSchema,
  orderConflictSchema,
} from "#shared/api/back-office-order-contract.ts";
import { inviteFromCli, type StaffBrowser, staffMemberFrom } from "../staff/staff-testing.ts";
import type { TestApi } from "./test-app.ts";

/**
 * A staff member signed in to the back office with the second factor, as the API tests move
 * orders since the operator's order routes were retired (decision 047). The invitation is the
 * terminal's (`npm run staff -- invite`), the only way a fresh shop gets its first staff member.
 */
export async function signedInStaff(
  api: TestApi,
  email: string,
  role: "owner" | "staff" = "staff",
): Promise<StaffBrowser> {
  const token = await inviteFromCli(api, email, role);
  const name = email.split("@")[0] ?? "Staff";
  const { browser } = await staffMemberFrom(api, token, { name, password: "lince-iberico-verde-58" });
  return browser;
}

/** The order an action answered with this status (200 for a step, 201 for a refund or a return). */
export async function actedOn(response: Response, status: 200 | 201 = 200): Promise<BackOfficeOrder> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return orderActionAnswerSchema.parse(JSON.parse(text)).order;
}

/** An action refused for the order's state (409): why, and the order's status now. */
export async function refusedFor(response: Response) {
  const text = await response.text();
  expect(response.status, text).toBe(409);
  return orderConflictSchema.parse(JSON.parse(text));
}

/** The order as the back office shows it, its history (the buyer's and the staff audit) merged. */
export async function backOfficeOrder(browser: StaffBrowser, number: string): Promise<BackOfficeOrder> {
  const answer = await browser.get(backOfficeOrderApi.order(number));
  const text = await answer.text();
  expect(answer.status, text).toBe(200);
  return backOfficeOrderSchema.parse(JSON.parse(text));
}
