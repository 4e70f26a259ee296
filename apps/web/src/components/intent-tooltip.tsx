import { useState, type ReactElement } from 'react';
import { codeOnIntent } from '../lib/code-on-intent.ts';
import { IntentPlaceholder, newHandover } from './intent-placeholder.tsx';

const tooltip = codeOnIntent(() => import('./handed-tooltip.tsx'));

/**
 * A tooltip (hover, focus and touch) whose code is fetched when the element is first reached for,
 * not when the page loads: `children` shows alone until then. It must accept a ref.
 */
export function IntentTooltip({ label, children }: { label: string; children: ReactElement }) {
  const code = tooltip.useCode();
  const [handover] = useState(newHandover);
  if (code) {
    return (
      <code.HandedTooltip label={label} handover={handover}>
        {children}
      </code.HandedTooltip>
    );
  }
  return (
    <IntentPlaceholder want={tooltip.want} handover={handover}>
      {children}
    </IntentPlaceholder>
  );
}
