import { Card, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VM_NAME_MAX } from '@mawingu/contracts/vm-name';
import classes from './purchase.module.css';

type VmNameFieldProps = { value: string; error: string | null; onChange: (value: string) => void };

/** The new VM's own name (issue 16): suggested by the server, free to change; unique among the customer's VMs. */
export function VmNameField({ value, error, onChange }: VmNameFieldProps) {
  const { t } = useTranslation('purchase');
  return (
    <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="vm-name-title">
      <Title order={2} id="vm-name-title" className={classes.sectionTitle} mb="md">
        {t('configure.nameTitle')}
      </Title>
      <TextInput
        id="vm-name"
        label={t('configure.name')}
        description={t('configure.nameHint')}
        value={value}
        maxLength={VM_NAME_MAX + 10}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maw={{ base: '100%', xs: 360 }}
      />
    </Card>
  );
}
