import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { viewVM } from '../../api/vms/vm-actions.ts';
import { showErrorToast } from '../../lib/toast.ts';
import { useVmsText } from './vms-text.ts';

/** The console address as an absolute http(s) URL (a relative one is the API's own page); else null. */
export function consoleHref(consoleUrl: string | null | undefined): string | null {
  if (!consoleUrl) return null;
  try {
    const url = new URL(consoleUrl, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * View (spec section 7, viewVM): asks the API for the console address and opens it in a new
 * window. The window is opened at the click, before the answer arrives, since pop-up blockers only
 * allow windows opened by the click itself; it is closed again if there is nothing to show.
 */
export function useOpenConsole(): (vm: ActiveVm) => Promise<void> {
  const { t } = useTranslation('vms');
  const vmsText = useVmsText();
  return useCallback(
    async (vm: ActiveVm) => {
      const win = window.open('', '_blank');
      const reply = await viewVM(vm);
      const href = reply.status === 200 ? consoleHref(reply.data?.consoleUrl) : null;
      if (!href) {
        win?.close();
        showErrorToast(reply.status === 200 || !reply.message ? t('view.failed') : vmsText(reply.message));
        return;
      }
      if (win) {
        // The console page must not be able to steer this tab.
        win.opener = null;
        win.location.href = href;
      } else if (!window.open(href, '_blank', 'noopener')) {
        showErrorToast(t('view.popupBlocked'));
      }
    },
    [t, vmsText],
  );
}
