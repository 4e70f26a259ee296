import classes from './home.module.css';

/** The company's optional introduction video: muted, inline on phones, with the browser's controls. */
export function CompanyVideo({ src, title }: { src: string; title: string }) {
  return (
    <video className={classes.video} src={src} controls muted playsInline preload="metadata" aria-label={title} title={title} />
  );
}
