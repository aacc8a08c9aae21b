import type { Auth } from "../auth/auth.ts";
import type { LiveCatalog } from "../catalog/live-catalog.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import type { Logger } from "../logger.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import type { PictureStore } from "../media/picture-store.ts";
import type { LifecycleDeps } from "../orders/order-lifecycle.ts";
import type { OrderNotifier } from "../orders/order-notifier.ts";
import type { StaffIdentity } from "../staff/staff-identity.ts";

/**
 * What the back office's routes work with (issue 30): the order lifecycle's own deps (database,
 * provider, the buyer's mails, the clock), the buyer's live news, the shop's auth (a customer's
 * sessions and erasure), the catalogue, the mail outbox, the origin of mailed links and the log;
 * and the staff identity whose `requireStaff` guards every route; the database's handle, for the
 * new orders' LISTEN.
 */
export type BackOfficeDeps = LifecycleDeps & {
  database: DatabaseHandle;
  staff: StaffIdentity;
  notifier: OrderNotifier;
  hub: ChangeHub;
  auth: Auth;
  catalog: LiveCatalog;
  mail: MailOutbox;
  /** The origin of the links a mail carries (a newsletter's unsubscribe link). */
  origins: OriginPolicy;
  logger: Logger;
  /** Where uploaded product pictures are kept (decision 055). */
  pictures: PictureStore;
  /** How often an open order stream checks its session (25 s; tests shorten it). */
  orderStreamCheckMs?: number;
};
