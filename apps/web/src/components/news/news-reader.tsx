import { lazy, Suspense, useState } from 'react';
import type { NewsItem } from '@mawingu/contracts/news';

// The dialog brings the HTML sanitiser: it loads on the first "Read More", not with the page.
const NewsReadDialog = lazy(() => import('./news-read-dialog.tsx'));

/** The read-news dialog for `item` (null = closed); keeps the last item while the dialog fades out. */
export function NewsReader({ item, onClose }: { item: NewsItem | null; onClose: () => void }) {
  const [last, setLast] = useState<NewsItem | null>(null);
  if (item && item !== last) setLast(item);
  if (!last) return null;
  return (
    <Suspense fallback={null}>
      <NewsReadDialog item={item ?? last} opened={item !== null} onClose={onClose} />
    </Suspense>
  );
}
