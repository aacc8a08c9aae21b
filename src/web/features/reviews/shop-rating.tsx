import { useQuery } from "@tanstack/react-query";
import { ratingText } from "#shared/rating-text.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { StarIcon } from "#web/ui/icons.tsx";
import { shopReviewsQuery } from "./review-queries.ts";

type Props = { starSize: number; className?: string; starsClassName?: string };

/**
 * The shop's real figures (issue 33): the average and count of the approved reviews across
 * products, or nothing at all while there are none. Asked once the page runs (not drawn in the
 * kept pages, which a moderation elsewhere would leave behind).
 */
export function ShopRating({ starSize, className, starsClassName }: Props) {
  const { t } = useTranslation();
  const { data } = useQuery(shopReviewsQuery());
  if (!data || data.average === null) return null;
  const rounded = Math.round(data.average);
  return (
    <span className={className}>
      <span className={starsClassName} role="img" aria-label={t("reviews.stars", { rating: rounded })}>
        {[1, 2, 3, 4, 5].map((n) => (
          <StarIcon key={n} size={starSize} opacity={n <= rounded ? 1 : 0.35} />
        ))}
      </span>{" "}
      {t("reviews.average", { average: ratingText(data.average) })} ·{" "}
      {t("reviews.count", { count: data.count })}
    </span>
  );
}
