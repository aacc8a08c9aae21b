import { useSuspenseQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import type { PublicReview, ProductReviews as Reviews } from "#shared/api/review-contract.ts";
import { formatShopDate } from "#shared/dates.ts";
import { paths } from "#shared/paths.ts";
import { ratingText } from "#shared/rating-text.ts";
import { useLang, useTextParts, useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { useSite } from "#web/lib/site.tsx";
import { StarIcon } from "#web/ui/icons.tsx";
import { JsonLd } from "#web/ui/page-meta.tsx";
import { productReviewsQuery } from "../api/get-product-reviews.ts";
import styles from "./product-reviews.module.css";

type Props = { productId: number; productName: string };

/**
 * A product's reviews from verified buyers (issue 33): the approved ones' real average and count,
 * the latest few, and the link to how they are checked; in the structured data only when there is
 * at least one.
 */
export function ProductReviews(props: Props) {
  return (
    <Suspense fallback={null}>
      <ReviewsBlock {...props} />
    </Suspense>
  );
}

function ReviewsBlock({ productId, productName }: Props) {
  // Its own words are in the shopper's part of the texts, loaded with it (not in the first view).
  useTextParts(["shopper"]);
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(productReviewsQuery(productId));
  return (
    <section aria-labelledby="reviews-title" className={styles.reviews}>
      <h2 id="reviews-title">{t("productReviews.title")}</h2>
      {data.average === null ? (
        <p>{t("productReviews.none")}</p>
      ) : (
        <>
          <p className={styles.summary}>
            <Stars rating={Math.round(data.average)} size={20} />
            <strong>{t("reviews.average", { average: ratingText(data.average) })}</strong>
            <span>{t("reviews.count", { count: data.count })}</span>
          </p>
          <ul className={styles.list}>
            {data.latest.map((review) => (
              <ReviewItem key={`${review.date}-${review.name}`} review={review} />
            ))}
          </ul>
          <ReviewsJsonLd productId={productId} productName={productName} reviews={data} />
        </>
      )}
      <p>
        <Link to={paths.footer("como-verificamos-las-opiniones")}>{t("reviews.howWeVerify")}</Link>
      </p>
    </section>
  );
}

function Stars({ rating, size }: { rating: number; size: number }) {
  const { t } = useTranslation();
  return (
    <span className={styles.stars} role="img" aria-label={t("reviews.stars", { rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} size={size} className={n <= rating ? styles.on : styles.off} />
      ))}
    </span>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <li className={styles.review}>
      <Stars rating={review.rating} size={16} />
      <p lang={review.language}>{review.text}</p>
      <p className={styles.meta}>
        <span>{review.name}</span> · <time dateTime={review.date}>{formatShopDate(review.date, lang)}</time> ·{" "}
        <span className={styles.verified}>{t("productReviews.verified")}</span>
      </p>
    </li>
  );
}

/** The product's rating in its structured data, named by the product page's own address. */
function ReviewsJsonLd({ productId, productName, reviews }: Props & { reviews: Reviews }) {
  const { origin } = useSite();
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "Product",
        "@id": `${origin}${paths.product(productId)}`,
        name: productName,
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: reviews.average,
          reviewCount: reviews.count,
          bestRating: 5,
          worstRating: 1,
        },
        review: reviews.latest.map((review) => ({
          "@type": "Review",
          reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          author: { "@type": "Person", name: review.name },
          datePublished: review.date.slice(0, 10),
          reviewBody: review.text,
          inLanguage: review.language,
        })),
      }}
    />
  );
}
