import { cloneElement, useRef, useState, type ReactElement } from 'react';
import { Tooltip } from '@mantine/core';
import { useTakeOver, type Handover } from './intent-placeholder.tsx';

/**
 * Mantine's Tooltip (with Floating UI, about 20 KB gzip): a chunk loaded by IntentTooltip when the
 * element is first pointed at, focused or pressed. Shown at once when the pointer is still over
 * the element, or it had the focus, as the stand-in is replaced.
 */
export function HandedTooltip({ label, handover, children }: { label: string; handover: Handover; children: ReactElement }) {
  const target = useRef<HTMLElement>(null);
  const [openAtOnce] = useState(() => handover.pointerOver || handover.focused || handover.clicked);
  useTakeOver(handover, target);
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: true }} defaultOpened={openAtOnce}>
      {cloneElement(children as ReactElement<Record<string, unknown>>, { ref: target })}
    </Tooltip>
  );
}
