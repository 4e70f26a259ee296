import { FormActions } from '../shell/form-actions.tsx';
import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconLink, IconPhotoUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NEWS_LINKS_MAX, type AdminNewsItem } from '@mawingu/contracts/admin/content';
import { NewsContent } from '../../../components/news/news-content.tsx';
import { NewsImage } from '../../../components/news/news-image.tsx';
import { toExternalHref } from '../../../lib/external-url.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { placeApiErrors } from './api-errors.ts';
import { useSaveNews, useUploadNewsImage } from './content-api.ts';
import { formValuesOf, newsFieldOf, newsResolver, newsState, toRequest, type NewsFormValues } from './news-form.ts';
import { formatDate } from '../../../lib/format-date.ts';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/** What the site will show: the read-news dialog's parts (image or placeholder, title, sanitised content, links). */
function NewsPreview({ values }: { values: NewsFormValues }) {
  const { t } = useTranslation('adminContent');
  const links = values.links.map((l) => l.value.trim()).filter((l) => toExternalHref(l));
  return (
    <Card withBorder radius="md" padding="md" aria-label={t('news.preview')} component="section">
      <Stack gap="sm">
        <Text size="xs" tt="uppercase" fw={700} c="gray.7">
          {t('news.preview')}
        </Text>
        <NewsImage path={values.imagePath} height={160} />
        <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {values.title.trim() || t('news.previewTitle')}
        </Title>
        {values.content.trim() ? <NewsContent content={values.content} /> : <Text c="gray.7">{t('news.previewContent')}</Text>}
        {links.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('news.links')}
            </Text>
            {links.map((link) => (
              <Anchor
                key={link}
                href={toExternalHref(link)!}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {link}
              </Anchor>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** Create or edit a news item: title, content (text or HTML), image upload, links, date, with a live preview. */
export function NewsEditor({
  companyId,
  item,
  opened,
  onClose,
}: {
  companyId: number;
  item: AdminNewsItem | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('adminContent');
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveNews(companyId);
  const upload = useUploadNewsImage(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NewsFormValues>({ resolver: newsResolver, defaultValues: formValuesOf(item) });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const values = useWatch({ control: form.control }) as NewsFormValues;
  const { errors } = form.formState;

  useEffect(() => {
    if (opened) {
      form.reset(formValuesOf(item));
      setFormError(null);
    }
    // Reset only when the editor opens on an item.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, item]);

  const close = () => {
    if (!save.isPending && !upload.isPending) onClose();
  };

  async function chooseImage(file: File | null) {
    if (!file) return;
    form.clearErrors('imagePath');
    try {
      const { imagePath } = await upload.mutateAsync(file);
      form.setValue('imagePath', imagePath, { shouldDirty: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : t('common.failed');
      form.setError('imagePath', { type: 'server', message });
    }
  }

  const submit = form.handleSubmit(async (formValues) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: item?.id ?? null, input: toRequest(formValues) });
      const state = newsState(saved);
      showSuccessToast(
        state === 'draft'
          ? t('news.draftSaved')
          : state === 'scheduled'
            ? t('news.scheduled', { date: formatDate(saved.publishedAt, i18n.language, { withTime: true }) })
            : item
              ? t('news.saved')
              : t('news.published'),
      );
      onClose();
    } catch (err) {
      setFormError(placeApiErrors(err, form, newsFieldOf));
      showErrorToast(err instanceof Error ? err.message : t('common.failed'));
    }
  });

  const imageError = errors.imagePath?.message;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={item ? t('news.editTitle') : t('news.newTitle')}
      size="80rem"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={item ? t('news.editTitle') : t('news.newTitle')}>
          <Stack gap="md">
            <TextInput
              label={t('news.title')}
              required
              maxLength={200}
              data-autofocus
              error={errors.title?.message}
              {...form.register('title')}
            />
            <Textarea
              label={t('news.content')}
              description={t('news.contentHint')}
              required
              autosize
              minRows={6}
              maxRows={16}
              error={errors.content?.message}
              {...form.register('content')}
            />
            <Stack gap={6}>
              <Text size="sm" fw={500} id="news-image-label">
                {t('news.image')}
              </Text>
              <Group gap="sm" wrap="wrap" align="center">
                <FileButton onChange={(file) => void chooseImage(file)} accept={IMAGE_TYPES}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconPhotoUp size={16} aria-hidden />}
                      loading={upload.isPending}
                      aria-describedby="news-image-hint"
                    >
                      {values.imagePath ? t('news.replaceImage') : t('news.uploadImage')}
                    </Button>
                  )}
                </FileButton>
                {values.imagePath && (
                  <Button variant="subtle" color="red" onClick={() => form.setValue('imagePath', null, { shouldDirty: true })}>
                    {t('news.removeImage')}
                  </Button>
                )}
              </Group>
              <Text size="xs" c="gray.7" id="news-image-hint">
                {values.imagePath ? t('news.imageSet') : t('news.imageNone')}
              </Text>
              {imageError && (
                <Text size="sm" c="red.8" role="alert">
                  {imageError}
                </Text>
              )}
            </Stack>
            <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Text component="legend" size="sm" fw={500} mb={6}>
                {t('news.links')}
              </Text>
              <Stack gap="xs">
                {links.fields.length === 0 && (
                  <Text size="sm" c="gray.7">
                    {t('news.noLinks')}
                  </Text>
                )}
                {links.fields.map((field, index) => (
                  <Group key={field.id} gap="xs" wrap="nowrap" align="flex-start">
                    <TextInput
                      style={{ flex: 1, minWidth: 0 }}
                      aria-label={t('news.linkLabel', { n: index + 1 })}
                      placeholder="https://"
                      type="url"
                      inputMode="url"
                      leftSection={<IconLink size={16} aria-hidden />}
                      maxLength={2048}
                      error={errors.links?.[index]?.value?.message}
                      {...form.register(`links.${index}.value` as const)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mt={2}
                      onClick={() => links.remove(index)}
                      aria-label={t('news.removeLink', { n: index + 1 })}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
                {errors.links?.root?.message && (
                  <Text size="sm" c="red.8" role="alert">
                    {errors.links.root.message}
                  </Text>
                )}
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => links.append({ value: '' }, { shouldFocus: true })}
                  disabled={links.fields.length >= NEWS_LINKS_MAX}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('news.addLink')}
                </Button>
              </Stack>
            </fieldset>
            <TextInput
              type="datetime-local"
              label={t('news.publishedAt')}
              description={t('news.publishedAtHint')}
              error={errors.publishedAt?.message}
              {...form.register('publishedAt')}
            />
            <Switch label={t('news.draft')} description={t('news.draftHint')} {...form.register('draft')} />
            <FormActions
              error={formError}
              cancelLabel={t('common.cancel')}
              onCancel={close}
              submitLabel={
                values.draft
                  ? t('news.saveDraft')
                  : newsState({ draft: false, publishedAt: toRequest(values).publishedAt ?? new Date().toISOString() }) === 'scheduled'
                    ? t('news.schedule')
                    : item
                      ? t('news.save')
                      : t('news.publish')
              }
              pending={save.isPending}
              submitDisabled={upload.isPending}
            />
          </Stack>
        </form>
        <NewsPreview values={values} />
      </SimpleGrid>
    </Modal>
  );
}
