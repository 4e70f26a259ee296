import { useEffect, useRef, useState } from 'react';
import { FIRST_SCREEN_HOLD_MAX_MS, useHoldFirstScreen } from '../../../lib/first-screen.ts';
import classes from './home.module.css';

/**
 * The company's optional introduction video: muted, inline on phones, with the browser's controls.
 *
 * The player, with its controls, is shown once the browser knows the video (its metadata); until
 * then its dark box stands in its place. Controls that exist while the video loads draw Chromium's
 * loading spinner, which then finishes its turn (about 1.5 s at 60 frames a second) even when the
 * video was hidden: on a phone those frames competed with the page's own first work. A video that
 * never reports (an error, a browser that loads nothing before a tap) is shown anyway, at the
 * error or after the first screen's longest hold.
 */
export function CompanyVideo({ src, title }: { src: string; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  // The first frame is what the visitor sees first: what is below waits for it (or for an error).
  const [loading, setLoading] = useState(true);
  const [known, setKnown] = useState(false);
  useHoldFirstScreen(loading);
  useEffect(() => {
    if ((ref.current?.readyState ?? 0) >= 1) setKnown(true);
    const timer = setTimeout(() => setKnown(true), FIRST_SCREEN_HOLD_MAX_MS);
    return () => clearTimeout(timer);
  }, []);
  const settled = () => {
    setKnown(true);
    setLoading(false);
  };
  return (
    <div className={classes.video}>
      <video
        ref={ref}
        className={classes.player}
        data-shown={known || undefined}
        src={src}
        controls={known}
        muted
        playsInline
        preload="metadata"
        aria-label={title}
        title={title}
        onLoadedMetadata={() => setKnown(true)}
        onLoadedData={settled}
        onError={settled}
      />
    </div>
  );
}
