import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { isSafeUrl } from '../../config/url-check';
import {
  CAROUSEL_HEIGHT,
  CAROUSEL_WIDTH,
  isDirectVideo,
  showsThumbnails,
  stepIndex,
  VIEW_LABELS,
  type MediaView,
  type Slide,
} from '../../domain/vehicle/media';
import type { ImageUrlContext } from '../../domain/images/image-url';
import { responsiveImage } from '../../domain/images/responsive';
import { EARLY_COUNTER, EARLY_STEP } from '../early-step';
import { SafeImage } from './SafeImage';
import SpinViewer from './SpinViewer';
import './vehicle-media.css';

interface Props {
  name: string;
  slides: Slide[];
  views: MediaView[];
  initialView: MediaView;
  spinImages: string[];
  autoRotate: boolean;
  walkaround?: string | undefined;
  interiorImage?: string | undefined;
  /** How photos are resized (imageUrlContext): each is requested at the width it is shown. */
  images?: ImageUrlContext | undefined;
}

function VideoSlide({ url, title }: { url: string; title: string }) {
  // An iframe runs a javascript: src in the dealer's origin: only ever http(s) or a site path.
  if (!isSafeUrl(url)) return null;
  return isDirectVideo(url) ? (
    <video
      className="media__video"
      src={url}
      controls
      preload="none"
      width={CAROUSEL_WIDTH}
      height={CAROUSEL_HEIGHT}
      aria-label={title}
    />
  ) : (
    <iframe
      className="media__video"
      src={url}
      title={title}
      loading="lazy"
      width={CAROUSEL_WIDTH}
      height={CAROUSEL_HEIGHT}
      allowFullScreen
    />
  );
}

/**
 * The vehicle viewer (SPEC 2, 4, 9): Spin / Walkaround / Gallery / Interior views, a main slider
 * with previous/next and left/right keys, thumbnails when there are more than 3 images, and a
 * fullscreen viewer. Leaving the gallery resets it to the first slide.
 */
export default function VehicleMedia({
  name,
  slides,
  views,
  initialView,
  spinImages,
  autoRotate,
  walkaround,
  interiorImage,
  images,
}: Props) {
  const [view, setView] = useState<MediaView>(initialView);
  const [index, setIndex] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const count = slides.length;
  const imageCount = slides.filter((slide) => slide.kind === 'image').length;
  const slide = slides[index];

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (fullscreen && !element.open) element.showModal();
    if (!fullscreen && element.open) element.close();
  }, [fullscreen]);

  const choose = (next: MediaView) => {
    if (view === 'gallery' && next !== 'gallery') setIndex(0);
    setView(next);
  };
  const step = (delta: number) => setIndex((current) => stepIndex(current, delta, count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      step(event.key === 'ArrowRight' ? 1 : -1);
    }
  };
  const slideLabel = (i: number) =>
    `${name}: ${slides[i]?.kind === 'video' ? 'video' : 'image'} ${i + 1} of ${count}`;

  const renderSlide = (
    current: Slide | undefined,
    i: number,
    eager: boolean,
    slot: 'gallery' | 'fullscreen' = 'gallery',
  ) => {
    if (!current)
      return (
        <SafeImage
          src="/media/not-found.svg"
          alt={`No photo of the ${name} yet`}
          width={CAROUSEL_WIDTH}
          height={CAROUSEL_HEIGHT}
        />
      );
    if (current.kind === 'video')
      return <VideoSlide url={current.url} title={`Video of the ${name}`} />;
    return (
      <SafeImage
        {...responsiveImage(images, current.url, slot)}
        alt={slideLabel(i)}
        width={CAROUSEL_WIDTH}
        height={CAROUSEL_HEIGHT}
        {...(eager ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      />
    );
  };

  const onThumb = (event: MouseEvent<HTMLAnchorElement>, i: number) => {
    event.preventDefault();
    setIndex(i);
  };

  return (
    <div className="media" data-view={view}>
      {views.length > 1 && (
        <div className="media__views" role="group" aria-label="Viewer">
          {views.map((option) => (
            <button
              key={option}
              type="button"
              className="media__view"
              aria-pressed={view === option}
              onClick={() => choose(option)}
            >
              {VIEW_LABELS[option]}
            </button>
          ))}
        </div>
      )}

      {view === 'spin' && (
        <SpinViewer
          frames={spinImages}
          name={name}
          autoRotate={autoRotate}
          priority={initialView === 'spin'}
          images={images}
        />
      )}

      {view === 'walkaround' && walkaround && (
        <VideoSlide url={walkaround} title={`Walkaround video of the ${name}`} />
      )}

      {view === 'interior' && interiorImage && (
        <SafeImage
          {...responsiveImage(images, interiorImage, 'gallery')}
          alt={`Interior of the ${name}`}
          width={CAROUSEL_WIDTH}
          height={CAROUSEL_HEIGHT}
        />
      )}

      {view === 'gallery' && (
        <div
          className="media__gallery"
          role="region"
          aria-roledescription="carousel"
          aria-label={`Photos of the ${name}`}
          onKeyDown={onKeyDown}
        >
          <div className="media__stage">
            {slide?.kind === 'image' ? (
              <button
                type="button"
                className="media__open"
                onClick={() => setFullscreen(true)}
                aria-label={`Open ${slideLabel(index)} full screen`}
              >
                {renderSlide(slide, index, index === 0)}
              </button>
            ) : (
              renderSlide(slide, index, index === 0)
            )}
            {count > 1 && (
              <>
                {/* The arrows are CSS content (vehicle-media.css): see latin1.ts for why the HTML keeps to Latin-1. */}
                <button
                  type="button"
                  className="media__nav media__nav--prev"
                  onClick={() => step(-1)}
                  aria-label="Previous image"
                  {...{ [EARLY_STEP]: -1 }}
                />
                <button
                  type="button"
                  className="media__nav media__nav--next"
                  onClick={() => step(1)}
                  aria-label="Next image"
                  {...{ [EARLY_STEP]: 1 }}
                />
                {/* early-step.ts moves the number before hydration; React then renders the same. */}
                <p
                  className="media__counter"
                  aria-live="polite"
                  data-testid="slide-counter"
                  suppressHydrationWarning
                  {...{ [EARLY_COUNTER]: count }}
                >
                  {index + 1} / {count}
                </p>
              </>
            )}
          </div>
          {showsThumbnails(imageCount) && (
            <ul className="media__thumbs" aria-label="Thumbnails">
              {slides.map((item, i) => (
                <li key={`${item.url}-${i}`}>
                  <a
                    href={item.url}
                    className="media__thumb"
                    aria-current={i === index ? 'true' : undefined}
                    aria-label={`Show ${item.kind === 'video' ? 'video' : 'image'} ${i + 1} of ${count}`}
                    onClick={(event) => onThumb(event, i)}
                  >
                    {item.kind === 'image' ? (
                      <SafeImage
                        {...responsiveImage(images, item.thumb, 'thumb')}
                        alt=""
                        width={120}
                        height={80}
                        loading="lazy"
                      />
                    ) : (
                      <span className="media__thumb-video">Video</span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <dialog
        ref={dialog}
        className="media__fullscreen"
        aria-label={`Photos of the ${name}, full screen`}
        onClose={() => setFullscreen(false)}
        onKeyDown={onKeyDown}
      >
        {fullscreen && (
          <>
            <div className="media__fullscreen-stage">
              {renderSlide(slide, index, true, 'fullscreen')}
            </div>
            <p className="media__counter" data-testid="fullscreen-counter">
              {index + 1} / {count}
            </p>
            <div className="media__fullscreen-bar">
              <button
                type="button"
                className="btn btn-outline media__step--prev"
                onClick={() => step(-1)}
              >
                Previous image
              </button>
              <button
                type="button"
                className="btn btn-outline media__step--next"
                onClick={() => step(1)}
              >
                Next image
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setFullscreen(false)}
              >
                Close
              </button>
            </div>
          </>
        )}
      </dialog>
    </div>
  );
}
