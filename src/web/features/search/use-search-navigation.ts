import { paths } from "#shared/paths.ts";
import { useNavigate } from "#web/lib/routing.tsx";

/** Spec §2: search goes to /producto/{text}, trimmed; blank text does nothing. */
export function useSearchNavigation(): (text: string) => boolean {
  const navigate = useNavigate();
  return (text) => {
    const trimmed = text.trim();
    if (trimmed === "") return false;
    void navigate(paths.search(trimmed));
    return true;
  };
}
