import { useState } from 'react';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconCircleCheck, IconCircleX, IconHelpCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { STATUS } from '@mawingu/contracts/envelope';
import { DOMAIN_SUFFIX, domainName, toComDomain } from '@mawingu/contracts/domains';
import { useCheckDomain } from '../../../api/catalog/check-domain.ts';
import { useSpecText } from '../../../lib/spec-text.ts';

const schema = z.object({ domainName });
type DomainValues = z.input<typeof schema>;

/** "Explore Domain": the name plus '.com', checked against the registry (or the local list). */
export function DomainCheck() {
  const { t } = useTranslation();
  const specText = useSpecText();
  const check = useCheckDomain();
  const form = useForm<DomainValues>({ resolver: zodResolver(schema), defaultValues: { domainName: '' } });
  const reply = check.data;
  // The name asked about, for the answer's title when the registry gave none.
  const [asked, setAsked] = useState('');

  const onSubmit = form.handleSubmit(async ({ domainName: name }) => {
    setAsked(toComDomain(name));
    const { failure } = await check.mutateAsync(name);
    const fieldError = failure?.fieldErrors?.domainName;
    if (fieldError) form.setError('domainName', { message: fieldError });
  });

  const taken = reply?.status === STATUS.conflict;
  const available = reply?.status === STATUS.ok;
  const failed = reply && !taken && !available && !reply.failure?.fieldErrors;
  const error = form.formState.errors.domainName?.message;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextInput
        {...form.register('domainName', { onChange: () => check.reset() })}
        label={t('marketplace.domainLabel')}
        description={t('marketplace.domainHelp')}
        placeholder={t('marketplace.domainPlaceholder')}
        rightSection={<span aria-hidden>{DOMAIN_SUFFIX}</span>}
        rightSectionWidth={52}
        autoComplete="off"
        spellCheck={false}
        error={error ? specText(error) : undefined}
        maxLength={67}
        maw={560}
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
            <Button type="submit" loading={check.isPending}>
              {t('marketplace.checkDomain')}
            </Button>
          </Group>
        )}
      />
      <div aria-live="polite">
        {(taken || available) && reply?.data && (
          <Alert
            mt="md"
            color={taken ? 'red' : 'teal'}
            icon={taken ? <IconCircleX size={20} aria-hidden /> : <IconCircleCheck size={20} aria-hidden />}
            title={reply.data.domainName}
          >
            {specText(reply.message)}
          </Alert>
        )}
        {failed && (
          <Alert
            mt="md"
            color="orange"
            icon={<IconHelpCircle size={20} aria-hidden />}
            title={t('marketplace.domainUnknown', { domain: asked })}
          >
            {specText(reply.message)}
          </Alert>
        )}
      </div>
    </form>
  );
}
