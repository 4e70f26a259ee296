import { cloneElement, useLayoutEffect, useRef, type ReactElement, type RefObject } from 'react';

/**
 * What a stand-in had been given when the real part replaced it: the focus, the pointer over it,
 * and a click that came before the part's code.
 */
export type Handover = { focused: boolean; pointerOver: boolean; clicked: boolean };

export const newHandover = (): Handover => ({ focused: false, pointerOver: false, clicked: false });

/**
 * Renders `children` (what someone reaches for: a menu's button, an icon with a tooltip) in place of
 * the real part until that part's code has arrived. Pointing at it, focusing or clicking it asks
 * for the code (`want`); what it was given is written to `handover` as it leaves the page (a
 * layout effect's clean-up runs before its element is removed, so the focus can still be read).
 * The child's own ref and pointer, focus and click handlers are replaced.
 */
export function IntentPlaceholder({ want, handover, children }: { want: () => void; handover: Handover; children: ReactElement }) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    return () => {
      handover.focused = element !== null && element === document.activeElement;
    };
  }, [handover]);
  return cloneElement(children as ReactElement<Record<string, unknown>>, {
    ref,
    onPointerEnter: () => {
      handover.pointerOver = true;
      want();
    },
    onPointerLeave: () => {
      handover.pointerOver = false;
    },
    onFocus: want,
    onClick: () => {
      handover.clicked = true;
      want();
    },
  });
}

/**
 * In the part that replaced a stand-in: the focus goes where the stand-in had it, and a click the
 * stand-in received is replayed on `target` (a menu opens as if its code had been there), once.
 */
export function useTakeOver(handover: Handover | undefined, target: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = target.current;
    if (!handover || !element) return;
    if (handover.focused || handover.clicked) element.focus();
    if (handover.clicked) element.click();
    handover.focused = false;
    handover.clicked = false;
  }, [handover, target]);
}
