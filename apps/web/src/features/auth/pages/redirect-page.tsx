import { useEffect } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { replaceLocation } from '../../../lib/browser-location.ts';
import { setCookie } from '../../../lib/cookies.ts';

type Target = { internal: string } | { external: string };

/**
 * Resolves `url` to an in-site path or an absolute http(s) address. Anything else (javascript:,
 * data:, unparsable) is refused, so the page cannot be used to run script or smuggle schemes.
 */
export function resolveRedirectTarget(raw: string | null, origin: string): Target | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.origin === origin) return { internal: `${url.pathname}${url.search}${url.hash}` };
    return { external: url.href };
  } catch {
    return null;
  }
}

/** Portal spec "redirect page": keeps sessionID and vmId in cookies, then goes to `url`. */
export default function RedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionId = params.get('sessionid');
  const vmId = params.get('vmId');
  const url = params.get('url');

  useEffect(() => {
    if (sessionId) setCookie('sessionID', sessionId);
    if (vmId) setCookie('vmId', vmId);
    const target = resolveRedirectTarget(url, window.location.origin);
    if (!target) void navigate(paths.home.getHref(), { replace: true });
    else if ('internal' in target) void navigate(target.internal, { replace: true });
    else replaceLocation(target.external);
  }, [sessionId, vmId, url, navigate]);

  return (
    <Center py={96}>
      <Stack align="center" gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{t('redirect.redirecting')}</Text>
      </Stack>
    </Center>
  );
}
