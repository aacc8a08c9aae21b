import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";

/** The back office's pages, by path (issue 30). Each is drawn by `back-office-routes.tsx`. */
export type BackOfficePage = "home" | "sign-in" | "enrolment" | "invitation";

export const pageRoutes: ReadonlyArray<readonly [path: string, page: BackOfficePage]> = [
  [backOfficePaths.home(), "home"],
  [backOfficePaths.signIn(), "sign-in"],
  [backOfficePaths.enrolment(), "enrolment"],
  [backOfficePaths.invitation(), "invitation"],
];

const pageByPath: ReadonlyMap<string, BackOfficePage> = new Map(pageRoutes);

export const pageAt = (pathname: string): BackOfficePage | undefined => pageByPath.get(pathname);
