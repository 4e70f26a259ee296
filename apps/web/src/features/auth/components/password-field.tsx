import { forwardRef, useState, type ComponentPropsWithoutRef } from 'react';
import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX } from '@mawingu/contracts/auth';

type PasswordFieldProps = Omit<ComponentPropsWithoutRef<typeof PasswordInput>, 'visible' | 'onVisibilityChange'>;

/** Password with the spec's show/hide toggle and its 16-character input cap. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={ref}
      maxLength={PASSWORD_MAX}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': visible ? t('common.hidePassword') : t('common.showPassword') }}
      {...props}
    />
  );
});
