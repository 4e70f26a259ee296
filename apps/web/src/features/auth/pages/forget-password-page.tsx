import { IconKey } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { useForgotPassword } from '../../../api/auth/forgot-password.ts';
import { paths } from '../../../app/paths.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useAuthText } from '../auth-text.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { BackToLoginLink } from '../components/back-to-login-link.tsx';
import { EmailRequestForm } from '../components/email-request-form.tsx';

/** /forgetpassword: e-mails a link to set a new password, then back to the login screen (spec section 4). */
export default function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const authText = useAuthText();
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();

  return (
    <AuthCard
      icon={<IconKey size={24} stroke={1.7} aria-hidden />}
      title={t('forgotPassword.title')}
      subtitle={t('forgotPassword.subtitle')}
      footer={<BackToLoginLink />}
    >
      <EmailRequestForm
        send={forgotPassword.mutateAsync}
        pending={forgotPassword.isPending}
        onSent={async () => {
          // Spec section 8's text, whatever the address: the reply never tells whether it is registered.
          showSuccessToast(authText(messages.forgotPasswordSent));
          await navigate(paths.login.getHref());
        }}
      />
    </AuthCard>
  );
}
