import { lazy } from 'react';
import { FromFirstOpen } from '../../../components/from-first-open.tsx';
import type { ShareDialogProps } from './share-modal.tsx';

// react-share and the modal (11 KB gzip) are fetched the first time Share is pressed, not with the
// configurator, renew and change pages, where most visits never share.
const ShareModal = lazy(() => import('./share-modal.tsx'));

/** Spec: a share dialog with social share buttons for the current page address. */
export function ShareDialog(props: ShareDialogProps) {
  return (
    <FromFirstOpen open={props.opened}>
      <ShareModal {...props} />
    </FromFirstOpen>
  );
}
