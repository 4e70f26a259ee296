import { Alert, Button, Divider } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { paths } from '../../../app/paths.ts';
import { useAuthText } from '../auth-text.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';

/**
 * /customerlogin, and the login screen shown in place of customer-only pages such as product
 * details (spec: "shows the login screen if not logged in").
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const authText = useAuthText();
  const { pathname } = useLocation();
  const inPlace = pathname.toLowerCase() !== paths.login.path;

  return (
    <AuthCard icon={<IconLock size={24} stroke={1.7} aria-hidden />} title={t('login.title')} subtitle={t('login.subtitle')}>
      {inPlace && (
        <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {authText(messages.loginRequired)}
        </Alert>
      )}
      <LoginForm />
      <Divider label={t('login.newHere')} labelPosition="center" />
      <Button component={Link} to={paths.signup.getHref()} variant="default" fullWidth size="md">
        {t('login.register')}
      </Button>
    </AuthCard>
  );
}
