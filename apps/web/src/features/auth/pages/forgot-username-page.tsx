import { IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useForgotUserName } from '../../../api/auth/forgot-user-name.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useAuthText } from '../auth-text.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { BackToLoginLink } from '../components/back-to-login-link.tsx';
import { EmailRequestForm } from '../components/email-request-form.tsx';

/** /forgotusername (docs/decisions/0018: the spec names no route): e-mails the user name. */
export default function ForgotUsernamePage() {
  const { t } = useTranslation('auth');
  const authText = useAuthText();
  const forgotUserName = useForgotUserName();

  return (
    <AuthCard
      icon={<IconUserQuestion size={24} stroke={1.7} aria-hidden />}
      title={t('forgotUserName.title')}
      subtitle={t('forgotUserName.subtitle')}
      footer={<BackToLoginLink />}
    >
      <EmailRequestForm
        send={forgotUserName.mutateAsync}
        pending={forgotUserName.isPending}
        onSent={(reply) => showSuccessToast(authText(reply.message))}
      />
    </AuthCard>
  );
}
