import classes from './home.module.css';

const c = (shade: number) => ({ fill: `var(--mantine-primary-color-${shade})` });
const gray = (shade: number) => ({ fill: `var(--mantine-color-gray-${shade})` });

function ServerRow({ y, load }: { y: number; load: number }) {
  return (
    <g transform={`translate(40 ${y})`}>
      <rect width="320" height="56" rx="10" style={gray(0)} />
      <rect x="16" y="18" width="20" height="20" rx="5" style={c(6)} />
      <rect x="50" y="19" width="96" height="8" rx="4" style={gray(4)} />
      <rect x="50" y="33" width="60" height="6" rx="3" style={gray(3)} />
      <rect x="176" y="24" width="104" height="8" rx="4" style={gray(2)} />
      <rect x="176" y="24" width={104 * load} height="8" rx="4" style={c(4)} />
      <circle cx="300" cy="28" r="5" style={{ fill: 'var(--mantine-color-teal-5)' }} />
    </g>
  );
}

/** Decorative console sketch in the brand colour; says "cloud servers" without any company data. */
export function HeroIllustration() {
  return (
    <svg className={classes.illustration} viewBox="0 0 420 340" role="presentation" aria-hidden focusable="false">
      <path d="M300 64c-6-30-32-52-64-52-26 0-48 15-58 37-5-2-11-3-17-3-26 0-47 21-47 47h214c0-15-12-27-28-29z" style={c(1)} />
      <rect x="20" y="70" width="360" height="250" rx="16" style={{ fill: 'var(--mantine-color-white)' }} />
      <rect x="20.5" y="70.5" width="359" height="249" rx="15.5" fill="none" style={{ stroke: 'var(--mantine-color-gray-2)' }} />
      <circle cx="44" cy="94" r="5" style={gray(3)} />
      <circle cx="60" cy="94" r="5" style={gray(3)} />
      <circle cx="76" cy="94" r="5" style={gray(3)} />
      <rect x="264" y="86" width="92" height="16" rx="8" style={c(0)} />
      <ServerRow y={118} load={0.62} />
      <ServerRow y={184} load={0.35} />
      <ServerRow y={250} load={0.8} />
    </svg>
  );
}
