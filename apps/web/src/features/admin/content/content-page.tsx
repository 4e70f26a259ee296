import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBell, IconHelpCircle, IconMail, IconNews } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminHref } from '../shell/admin-nav.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { FaqTab } from './faq-tab.tsx';
import { NewsTab } from './news-tab.tsx';
import { NewsletterTab } from './newsletter-tab.tsx';
import { NotificationsTab } from './notifications-tab.tsx';

export const CONTENT_TABS = ['news', 'faq', 'notifications', 'newsletter'] as const;
type ContentTab = (typeof CONTENT_TABS)[number];

const ICONS = { news: IconNews, faq: IconHelpCircle, notifications: IconBell, newsletter: IconMail } as const;

/** /admin/c/:companyId/content[/:tab] — the site's news and FAQ, notifications to customers, the newsletter. */
export default function ContentPage() {
  const { t } = useTranslation('adminContent');
  const companyId = useScopedCompanyId();
  const navigate = useNavigate();
  const { tab: raw } = useParams();
  const tab: ContentTab = CONTENT_TABS.find((x) => x === raw) ?? 'news';

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
      </div>
      <Tabs value={tab} onChange={(value) => value && void navigate(adminHref(companyId, `content/${value}`))} keepMounted={false}>
        <Tabs.List aria-label={t('tabsLabel')}>
          {CONTENT_TABS.map((name) => {
            const TabIcon = ICONS[name];
            return (
              <Tabs.Tab key={name} value={name} leftSection={<TabIcon size={16} aria-hidden />}>
                {t(`tabs.${name}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="news" pt="lg">
          <NewsTab companyId={companyId} />
        </Tabs.Panel>
        <Tabs.Panel value="faq" pt="lg">
          <FaqTab companyId={companyId} />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="lg">
          <NotificationsTab companyId={companyId} />
        </Tabs.Panel>
        <Tabs.Panel value="newsletter" pt="lg">
          <NewsletterTab companyId={companyId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
