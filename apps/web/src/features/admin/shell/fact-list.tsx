import type { ReactNode } from 'react';
import ui from './console.module.css';

/** Label–value pairs as a description list (cards on phones, the profile). */
export function FactList({ facts }: { facts: [label: string, value: ReactNode][] }) {
  return (
    <dl className={ui.facts}>
      {facts.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
