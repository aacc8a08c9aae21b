/**
 * What the server and the back office's own build agree on (issue 30, decision 041): where the
 * back office lives, and the renderer its server build exports. The storefront never imports the
 * back office (dependency-cruiser); the server loads its build at run time, as the storefront's.
 */

/** Every page and asset of the back office lives under this path. */
export const BACK_OFFICE_BASE = "/gestion";

/** The back office's pages, each spelt once. The invitation mail links to `invitation(token)`. */
export const backOfficePaths = {
  home: () => BACK_OFFICE_BASE,
  signIn: () => `${BACK_OFFICE_BASE}/entrar`,
  invitation: (token?: string) =>
    token === undefined
      ? `${BACK_OFFICE_BASE}/invitacion`
      : `${BACK_OFFICE_BASE}/invitacion?token=${encodeURIComponent(token)}`,
  enrolment: () => `${BACK_OFFICE_BASE}/doble-factor`,
  /** The order list; its filters ride in the query (`?q=…&status=…`). */
  orders: () => `${BACK_OFFICE_BASE}/pedidos`,
  /** One order's page; without a number, the route's pattern. */
  order: (number?: string) =>
    number === undefined
      ? `${BACK_OFFICE_BASE}/pedidos/:number`
      : `${BACK_OFFICE_BASE}/pedidos/${encodeURIComponent(number)}`,
  customers: () => `${BACK_OFFICE_BASE}/clientes`,
  /** One customer's page; without an id, the route's pattern. */
  customer: (id?: string) =>
    id === undefined
      ? `${BACK_OFFICE_BASE}/clientes/:id`
      : `${BACK_OFFICE_BASE}/clientes/${encodeURIComponent(id)}`,
  /** The catalogue (issue 32); its search and filters ride in the query (`?q=…&category=…&state=hidden`). */
  catalog: () => `${BACK_OFFICE_BASE}/catalogo`,
  /** The owner's import of a catalogue file: previewed, then applied (issue 32, decision 053). */
  catalogImport: () => `${BACK_OFFICE_BASE}/catalogo/importar`,
  /** One product's page to edit, publish or hide it, by its id; without one, the route's pattern. */
  catalogProduct: (id?: string) =>
    id === undefined
      ? `${BACK_OFFICE_BASE}/catalogo/:id`
      : `${BACK_OFFICE_BASE}/catalogo/${encodeURIComponent(id)}`,
  /** The promotions (coupons, issue 32): the list, a new one, and one coupon's page by its code. */
  promotions: () => `${BACK_OFFICE_BASE}/promociones`,
  newPromotion: () => `${BACK_OFFICE_BASE}/promociones/nueva`,
  promotion: (code?: string) =>
    code === undefined
      ? `${BACK_OFFICE_BASE}/promociones/:code`
      : `${BACK_OFFICE_BASE}/promociones/${encodeURIComponent(code)}`,
  /** The stock list (issue 32); its search rides in the query (`?q=…&low=1`). */
  stock: () => `${BACK_OFFICE_BASE}/stock`,
  /** One product's stock and ledger, by its id; without one, the route's pattern. */
  stockProduct: (id?: string) =>
    id === undefined
      ? `${BACK_OFFICE_BASE}/stock/:id`
      : `${BACK_OFFICE_BASE}/stock/${encodeURIComponent(id)}`,
  /** The newsletter (issue 32): its subscribers, searched by the query (`?q=…&state=…`). */
  newsletter: () => `${BACK_OFFICE_BASE}/boletin`,
  /** The issues sent, and one of them by its id; without one, the route's pattern. */
  newsletterIssues: () => `${BACK_OFFICE_BASE}/boletin/enviados`,
  newsletterIssue: (id?: string) =>
    id === undefined
      ? `${BACK_OFFICE_BASE}/boletin/enviados/:id`
      : `${BACK_OFFICE_BASE}/boletin/enviados/${encodeURIComponent(id)}`,
  /** The owner's form: an issue written, previewed and sent. */
  newIssue: () => `${BACK_OFFICE_BASE}/boletin/nuevo`,
  /** The verified buyers' reviews, pending first (issue 33). */
  reviews: () => `${BACK_OFFICE_BASE}/opiniones`,
  /** The owner's staff screen: members and invitations. */
  team: () => `${BACK_OFFICE_BASE}/equipo`,
} as const;

/** The files a back-office page asks for: its module script and its stylesheets (absolute paths). */
export type BackOfficeAssets = { entry: string; stylesheets: readonly string[] };

export type BackOfficeRenderer = {
  /** The page at the request's address, as a whole HTML answer (or a redirect). */
  renderPage(options: { request: Request; assets: BackOfficeAssets }): Promise<Response>;
};

/** What `src/web/back-office/entry-server.tsx` exports, built to dist/back-office/server. */
export type BackOfficeModule = {
  /** `apiFetch`: the API, called in-process with the page request's cookies. */
  createBackOfficeRenderer(apiFetch: (request: Request) => Promise<Response>): BackOfficeRenderer;
};
