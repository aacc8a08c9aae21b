import { useEffect, useState } from "react";

/** Spec §9: the copyright year updates itself, re-checked every hour. */
export const YEAR_REFRESH_MS = 3_600_000;

export function useCurrentYear(): number {
  const [year, setYear] = useState(() => new Date().getFullYear());
  useEffect(() => {
    const timer = setInterval(() => setYear(new Date().getFullYear()), YEAR_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return year;
}
