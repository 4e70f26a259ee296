import { Alert, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFaq } from '../../../api/faq/get-faq.ts';
import { paths } from '../../../app/paths.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSpecText } from '../../../lib/spec-text.ts';
import { FaqBrowser } from '../components/faq-browser.tsx';
import classes from '../components/content.module.css';

export default function FaqPage() {
  const { t } = useTranslation();
  const specText = useSpecText();
  const query = useFaq();
  const reply = query.data;

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="sm">
        <Skeleton height={42} maw={560} radius="md" />
        <Skeleton height={36} mt="lg" radius="md" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={56} radius="md" />
        ))}
      </Stack>
    );
  } else if (reply && reply.status !== 200) {
    body = (
      <Alert color="red" variant="light">
        {specText(reply.message)}
      </Alert>
    );
  } else {
    body = <FaqBrowser entries={reply?.data ?? []} />;
  }

  return (
    <>
      <PageHeader title={t('faq.title')} subtitle={t('faq.subtitle')} />
      <Container className={classes.section}>
        {body}
        <Card padding="lg" mt={48} className={classes.callout}>
          <Group justify="space-between" gap="md">
            <div>
              <Title order={2} fz="lg">
                {t('faq.stillTitle')}
              </Title>
              <Text c="dimmed" size="sm" mt={2}>
                {t('faq.stillText')}
              </Text>
            </div>
            <Button component={Link} to={paths.help.getHref()} variant="default">
              {t('faq.stillAction')}
            </Button>
          </Group>
        </Card>
      </Container>
    </>
  );
}
