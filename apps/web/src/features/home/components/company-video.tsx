import { useState } from 'react';
import { useHoldFirstScreen } from '../../../lib/first-screen.ts';
import classes from './home.module.css';

/** The company's optional introduction video: muted, inline on phones, with the browser's controls. */
export function CompanyVideo({ src, title }: { src: string; title: string }) {
  // The first frame is what the visitor sees first: what is below waits for it (or for an error).
  const [loading, setLoading] = useState(true);
  useHoldFirstScreen(loading);
  const loaded = () => setLoading(false);
  return (
    <video
      className={classes.video}
      src={src}
      controls
      muted
      playsInline
      preload="metadata"
      aria-label={title}
      title={title}
      onLoadedData={loaded}
      onError={loaded}
    />
  );
}
