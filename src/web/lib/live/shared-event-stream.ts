import {
  CATALOG_EVENT,
  CHANGE_EVENT,
  isShopperDocument,
  LIVE_BROWSER_ID_PATTERN,
  LIVE_BROWSER_PARAM,
  LIVE_EVENTS_PATH,
  LIVE_LEAD_PARAM,
  READY_EVENT,
  type ShopperDocument,
  SUPERSEDED_EVENT,
} from "#shared/api/live-contract.ts";

/** What a tab hears from the browser's one live stream. */
export type LiveMessage =
  /** The stream (re)opened, or the page came back from the back/forward cache: refetch all. */
  | { kind: "resync" }
  | { kind: "change"; document: ShopperDocument }
  /** The catalogue changed: prices, texts, products shown. */
  | { kind: "catalog" }
  /** The stream broke and is being reopened. */
  | { kind: "interrupted" };

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * One server-sent event stream per browser, not per tab (issue 10, decision 013). The tabs of a
 * shopper elect a leader with the Web Locks API; only the leader holds the EventSource, and relays
 * what it hears to the other tabs over a BroadcastChannel. When the leader closes or hides, its
 * lock is released and the next tab takes over. A page going into the back/forward cache lets go
 * of everything (stream, lock, channel) on `pagehide` and takes it up again on `pageshow`, so a
 * cached page never holds one of the browser's six connections to the shop.
 *
 * Returns the function that stops it.
 */
export function shareEventStream(userId: string, onMessage: (message: LiveMessage) => void): () => void {
  const name = `miaubot-live:${userId}`;
  let stopTab: (() => void) | undefined;
  const startTab = () => {
    stopTab?.();
    stopTab = canShare() ? joinTabs(name, onMessage) : openStream(onMessage);
  };
  const onPageHide = () => {
    stopTab?.();
    stopTab = undefined;
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    startTab();
    // Back from the cache: anything may have changed meanwhile.
    onMessage({ kind: "resync" });
  };
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("pageshow", onPageShow);
  startTab();
  return () => {
    window.removeEventListener("pagehide", onPageHide);
    window.removeEventListener("pageshow", onPageShow);
    onPageHide();
  };
}

function canShare(): boolean {
  return typeof BroadcastChannel !== "undefined" && typeof navigator.locks?.request === "function";
}

/** Follows the leader's relay, and queues to lead; the lock is granted when no other tab holds it. */
function joinTabs(name: string, onMessage: (message: LiveMessage) => void): () => void {
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isLiveMessage(event.data)) onMessage(event.data);
  };
  const leave = new AbortController();
  navigator.locks
    .request(name, { signal: leave.signal }, () => {
      const relay = (message: LiveMessage) => {
        onMessage(message);
        channel.postMessage(message);
      };
      const close = openStream(relay, leaderQuery());
      // Held until this tab leaves: then the lock passes to the next tab in the queue.
      return new Promise<void>((resolve) =>
        leave.signal.addEventListener(
          "abort",
          () => {
            close();
            resolve();
          },
          { once: true },
        ),
      );
    })
    .catch(() => undefined); // AbortError: the tab left before it led.
  return () => {
    leave.abort();
    channel.close();
  };
}

const BROWSER_ID_KEY = "miaubot-browser";
const LEAD_COUNT_KEY = "miaubot-live-lead";

/**
 * How the leading tab names its stream: the browser's id and the count of leads taken, kept where
 * all its tabs read them (only the tab holding the lock writes). Without storage, nothing: the
 * server then counts each stream apart.
 */
function leaderQuery(): string | undefined {
  try {
    let id = localStorage.getItem(BROWSER_ID_KEY);
    if (id === null || !LIVE_BROWSER_ID_PATTERN.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(BROWSER_ID_KEY, id);
    }
    const lead = (Number.parseInt(localStorage.getItem(LEAD_COUNT_KEY) ?? "", 10) || 0) + 1;
    localStorage.setItem(LEAD_COUNT_KEY, String(lead));
    return new URLSearchParams({ [LIVE_BROWSER_PARAM]: id, [LIVE_LEAD_PARAM]: String(lead) }).toString();
  } catch {
    return undefined;
  }
}

/**
 * The EventSource itself, reopened with back-off when it breaks. A stream the server closed for a
 * newer one (too many open for this shopper) is reopened only when the page is looked at again.
 */
function openStream(onMessage: (message: LiveMessage) => void, query?: string): () => void {
  let source: EventSource | undefined;
  let retryMs = RETRY_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const onVisible = () => {
    if (document.visibilityState !== "visible") return;
    document.removeEventListener("visibilitychange", onVisible);
    connect();
  };
  function connect() {
    if (closed) return;
    source = new EventSource(query === undefined ? LIVE_EVENTS_PATH : `${LIVE_EVENTS_PATH}?${query}`);
    source.addEventListener(READY_EVENT, () => {
      retryMs = RETRY_MIN_MS;
      onMessage({ kind: "resync" });
    });
    source.addEventListener(CHANGE_EVENT, (event) => {
      const document = (event as MessageEvent<string>).data;
      if (isShopperDocument(document)) onMessage({ kind: "change", document });
    });
    source.addEventListener(CATALOG_EVENT, () => onMessage({ kind: "catalog" }));
    source.addEventListener(SUPERSEDED_EVENT, () => {
      source?.close();
      document.addEventListener("visibilitychange", onVisible);
    });
    source.onerror = () => {
      console.error("Live updates interrupted; reconnecting in", retryMs, "ms");
      source?.close();
      onMessage({ kind: "interrupted" });
      timer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
  }

  connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisible);
    source?.close();
  };
}

function isLiveMessage(value: unknown): value is LiveMessage {
  if (typeof value !== "object" || value === null || !("kind" in value)) return false;
  if (value.kind === "resync" || value.kind === "interrupted" || value.kind === "catalog") return true;
  return value.kind === "change" && "document" in value && isShopperDocument(value.document);
}
