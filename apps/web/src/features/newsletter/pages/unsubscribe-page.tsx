import { useState } from 'react';
import { Alert, Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { useCompanyConfiguration } from '../../../api/company/get-company-configuration.ts';
import { useUnSubscribeUser } from '../../../api/newsletter/un-subscribe-user.ts';
import { paths } from '../../../app/paths.ts';
import { useSpecText } from '../../../lib/spec-text.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';

/** /newsletter?token=…: the confirmation the unsubscribe link of the welcome mail opens. */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const specText = useSpecText();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const companyName = useCompanyConfiguration()?.companyName.trim();
  const unsubscribe = useUnSubscribeUser();
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    const reply = await unsubscribe.mutateAsync(token);
    if (reply.status === STATUS.ok) {
      showSuccessToast(specText(messages.unsubscribed));
      await navigate(paths.home.getHref());
    } else {
      setFailure(specText(reply.message));
      showErrorToast(specText(reply.message));
    }
  }

  return (
    <Container size="xs" py={{ base: 48, sm: 88 }}>
      <Card padding="xl" shadow="sm">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconMailOff size={28} stroke={1.6} aria-hidden />
          </ThemeIcon>
          <Text size="sm" fw={600} c="dimmed" tt="uppercase" lts="0.06em">
            {t('newsletter.title')}
          </Text>
          <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.3}>
            {specText(messages.unsubscribeQuestion)}
          </Title>
          <Text c="dimmed" size="sm">
            {companyName ? t('newsletter.text', { companyName }) : t('newsletter.textNoCompany')}
          </Text>
          {!token && (
            <Alert color="yellow" variant="light" w="100%" ta="left">
              {t('newsletter.missingLink')}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" w="100%" ta="left" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="center" gap="sm" mt="xs">
            <Button component={Link} to={paths.home.getHref()} variant="default">
              {t('newsletter.no')}
            </Button>
            <Button color="red.9" onClick={() => void confirm()} loading={unsubscribe.isPending} disabled={!token || failure !== null}>
              {t('newsletter.yes')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
