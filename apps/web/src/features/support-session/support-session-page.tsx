import { useEffect, useState } from 'react';
import { Alert, Anchor, Container, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { messages } from '@mawingu/contracts/messages';
import { exchangeSupportHandoff } from '../../api/support-session/support-session.ts';
import { paths } from '../../app/paths.ts';
import { storeUserData } from '../../lib/session/session-store.ts';
import { storeSupportSession } from '../../lib/session/support-session.ts';
import { useSpecText } from '../../lib/spec-text.ts';

/** One exchange per handoff, even when React runs the effect twice (development) or the page re-renders. */
const exchanges = new Map<string, ReturnType<typeof exchangeSupportHandoff>>();

/**
 * /support-session#<handoff>: where the console's "Log in as" opens the company's site (ADR 0118).
 * The handoff is read from the fragment (never sent to a server by the browser), dropped from the
 * address at once, and exchanged once for the customer's session marked as the operator's; then
 * the customer's account page, under the banner.
 */
export default function SupportSessionPage() {
  const { t } = useTranslation();
  const specText = useSpecText();
  const navigate = useNavigate();
  const location = useLocation();
  const [handoff] = useState(() => location.hash.slice(1));
  const [failed, setFailed] = useState<string | null>(handoff ? null : messages.supportSessionLinkInvalid);

  useEffect(() => {
    if (!handoff) return;
    // Out of the address bar and the history: a copied or bookmarked address carries nothing.
    void navigate(location.pathname, { replace: true });
    let exchange = exchanges.get(handoff);
    if (!exchange) {
      exchange = exchangeSupportHandoff(handoff);
      exchanges.set(handoff, exchange);
    }
    let live = true;
    exchange.then(
      async ({ userData, supportSession }) => {
        storeSupportSession(supportSession);
        storeUserData(userData);
        if (live) await navigate(paths.customerProfile.getHref(2), { replace: true });
      },
      (error: unknown) => {
        if (live) setFailed(error instanceof Error && error.message ? error.message : messages.supportSessionLinkInvalid);
      },
    );
    return () => {
      live = false;
    };
    // Once per handoff: the address losing its fragment must not start it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handoff]);

  return (
    <Container size="sm" py="xl">
      {failed ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('supportSession.failedTitle')}>
          <Stack gap="xs">
            <Text size="sm">{specText(failed)}</Text>
            <Anchor component={Link} to={paths.home.getHref()} size="sm">
              {t('supportSession.home')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader size="md" />
          <Text>{t('supportSession.opening')}</Text>
        </Stack>
      )}
    </Container>
  );
}
