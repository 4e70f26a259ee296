import { Image } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { usableMediaPath } from '../../lib/media-path.ts';
import classes from './news.module.css';

/** A news item's picture, or a brand-coloured placeholder (spec: imagePath "NA" or null). Decorative. */
export function NewsImage({ path, height }: { path: string | null; height: number }) {
  const src = usableMediaPath(path);
  if (src) return <Image src={src} alt="" h={height} fit="cover" className={classes.image} />;
  return (
    <div className={classes.placeholder} style={{ height }} data-testid="news-image-placeholder" aria-hidden>
      <IconNews size={Math.round(height / 3.2)} stroke={1.3} />
    </div>
  );
}
