import { useEffect, useState } from 'react';
import { formatNumber } from '../../domain/format';

interface Props {
  slug: string;
  photosCount: number;
  updatedAt?: string | undefined;
  websiteId: string;
  /** The feed's count, shown until the API answers. */
  initial?: number | undefined;
}

/** GET view.json counts this view and returns the total (SPEC 7); a non-ok answer is ignored. */
async function fetchViews(props: Props): Promise<number | null> {
  const query = new URLSearchParams({ photos_count: String(props.photosCount), updated_at: props.updatedAt ?? '', website_id: props.websiteId });
  try {
    const response = await fetch(`/api/cars/${encodeURIComponent(props.slug)}/view.json?${query}`);
    if (!response.ok) return null;
    const body = (await response.json()) as { views?: unknown };
    return typeof body.views === 'number' ? body.views : null;
  } catch {
    return null;
  }
}

/** "123 views" for the car, updated from the view counter. */
export default function ViewsCounter(props: Props) {
  const [views, setViews] = useState(props.initial ?? null);
  useEffect(() => {
    let live = true;
    void fetchViews(props).then((count) => {
      if (live && count !== null) setViews(count);
    });
    return () => {
      live = false;
    };
  }, []); // once per page load: each load is one view
  if (views === null) return null;
  return (
    <p className="vehicle-views" data-testid="views-counter">
      {formatNumber(views)} {views === 1 ? 'view' : 'views'}
    </p>
  );
}
