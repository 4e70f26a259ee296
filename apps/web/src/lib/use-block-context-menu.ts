import { useEffect } from 'react';

/** Blocks the browser's right-click menu while the calling page is shown (spec: terms and privacy). */
export function useBlockContextMenu(): void {
  useEffect(() => {
    const block = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('contextmenu', block);
    return () => document.removeEventListener('contextmenu', block);
  }, []);
}
