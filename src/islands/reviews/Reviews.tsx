import { useEffect, useId, useRef, useState } from 'react';
import {
  CAROUSEL_INTERVAL_MS,
  CAROUSEL_START_INDEX,
  ratingLine,
  reviewExcerpt,
  starFills,
} from '../../domain/reviews';
import { countOf } from '../../domain/plural';

export interface ReviewView {
  id: string;
  customer_name: string;
  rating: number;
  text: string;
  when: string | null;
  reply_text: string | null;
}

interface Props {
  reviews: ReviewView[];
  average: number;
  count: number;
  layout: 'carousel' | 'grid';
}

/** Five stars filled per SPEC 9 (up to 4 full, a partial one above 0.3), read out as "Rated x out of 5". */
export function Stars({ rating }: { rating: number }) {
  const clip = `star${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <span className="stars" role="img" aria-label={`Rated ${ratingLine(rating)} out of 5`}>
      {starFills(rating).map((star, index) => {
        const percent = star.kind === 'full' ? 100 : star.kind === 'partial' ? star.percent : 0;
        return (
          <svg
            key={index}
            className="star"
            viewBox="0 0 24 24"
            aria-hidden="true"
            data-fill={star.kind}
          >
            <defs>
              <clipPath id={`${clip}-${index}`}>
                <rect x="0" y="0" width={(24 * percent) / 100} height="24" />
              </clipPath>
            </defs>
            <path
              d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"
              fill="none"
              stroke="#8a5a00"
              strokeWidth="1.5"
            />
            <path
              d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"
              fill="#b87800"
              clipPath={`url(#${clip}-${index})`}
            />
          </svg>
        );
      })}
    </span>
  );
}

function ReviewCard({ review }: { review: ReviewView }) {
  const [expanded, setExpanded] = useState(false);
  const excerpt = reviewExcerpt(review.text);
  const textId = useId();
  return (
    <article className="review">
      <Stars rating={review.rating} />
      <h3 className="review__name">{review.customer_name}</h3>
      {review.when && <p className="review__when">{review.when}</p>}
      <p id={textId} className="review__text">
        {expanded ? review.text : excerpt.text}
      </p>
      {excerpt.truncated && (
        <button
          type="button"
          className="review__toggle"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'View less' : 'View more'}
        </button>
      )}
      {review.reply_text && (
        <p className="review__reply">
          <strong>Reply from the dealer:</strong> {review.reply_text}
        </p>
      )}
    </article>
  );
}

/** SPEC 4/9 carousel: starts at index 2, rotates every 3000 ms (pausable), previous/next disabled at the ends. */
function Carousel({ reviews }: { reviews: ReviewView[] }) {
  const last = reviews.length - 1;
  const [index, setIndex] = useState(Math.min(CAROUSEL_START_INDEX, last));
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  const slideId = useId();

  useEffect(() => {
    // Respect reduced motion: no auto-rotation for people who asked for none.
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setPlaying(false);
  }, []);

  useEffect(() => {
    if (!playing || hovered || focused) return;
    const timer = setInterval(
      () => setIndex((current) => (current >= last ? 0 : current + 1)),
      CAROUSEL_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [playing, hovered, focused, last]);

  const review = reviews[index]!;
  return (
    <div
      ref={region}
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label="Customer reviews"
      data-index={index}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!region.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' && index < last) setIndex(index + 1);
        if (event.key === 'ArrowLeft' && index > 0) setIndex(index - 1);
      }}
    >
      <div
        id={slideId}
        className="carousel__slide"
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${reviews.length}`}
        aria-live={playing && !focused ? 'off' : 'polite'}
      >
        <ReviewCard key={review.id} review={review} />
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="btn btn-outline"
          aria-controls={slideId}
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
        >
          Previous<span className="visually-hidden"> review</span>
        </button>
        <span aria-hidden="true">
          {index + 1} / {reviews.length}
        </span>
        <button
          type="button"
          className="btn btn-outline"
          aria-controls={slideId}
          disabled={index === last}
          onClick={() => setIndex(index + 1)}
        >
          Next<span className="visually-hidden"> review</span>
        </button>
        <button
          type="button"
          className="btn btn-outline"
          aria-pressed={!playing}
          onClick={() => setPlaying(!playing)}
        >
          {playing ? 'Pause' : 'Play'}
          <span className="visually-hidden"> automatic rotation</span>
        </button>
      </div>
    </div>
  );
}

/** Reviews: a carousel when more than 3, else a grid; a summary line with one decimal. */
export default function Reviews({ reviews, average, count, layout }: Props) {
  return (
    <div className="reviews" data-layout={layout}>
      {count > 0 && (
        <p className="reviews__summary">
          <Stars rating={average} />
          <span>
            {ratingLine(average)} from {countOf(count, 'review')}
          </span>
        </p>
      )}
      {layout === 'carousel' ? (
        <Carousel reviews={reviews} />
      ) : (
        <ul className="reviews__grid">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
