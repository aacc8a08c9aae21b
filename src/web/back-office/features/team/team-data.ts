import type { PageData } from "../../api/page-data.ts";

/** What the page fetches on the server before it is drawn (issue 30). */
export const teamPageData: PageData = async () => undefined;
