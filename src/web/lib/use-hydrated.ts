import { useEffect, useState } from "react";

/** False in the server's HTML and the first (hydrating) render, true once the script runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
