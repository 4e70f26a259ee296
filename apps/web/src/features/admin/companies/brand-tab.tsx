import { useMemo, useState } from 'react';
import { Anchor, Box, Button, ColorInput, Group, Image, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhoto, IconVideo } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { brandSection, COMPANY_LIMITS, type CompanySettings } from '@mawingu/contracts/admin/companies';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { useUpdateSettings, useUploadFile, type UploadTarget } from './companies-api.ts';
import { UploadInput } from './upload-input.tsx';
import { SectionForm, SectionPanel } from './section-form.tsx';
import { useSectionForm, withinSection } from './use-section-form.ts';
import classes from './companies.module.css';

const SWATCHES = ['#1c6dd0', '#0b7285', '#2b8a3e', '#e8590c', '#c92a2a', '#862e9c', '#5f3dc4', '#343a40'];

/** White or black, whichever reads better on the colour (WCAG contrast), for the preview's button. */
export function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

const brandForm = brandSection.pick({ name: true, brandColor: true, bannerMessage: true });
type BrandValues = { name: string; brandColor: string; bannerMessage: string };

/** Upload of one file: errors the API names for the file show under the input. */
export function useFileUpload(companyId: number, target: UploadTarget) {
  const { t } = useTranslation('adminCompanies');
  const upload = useUploadFile(companyId);
  const [error, setError] = useState<string | null>(null);
  async function send(file: File | null) {
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync({ target, file });
      showSuccessToast(t('uploaded'));
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : undefined;
      const message = (fieldErrors && Object.values(fieldErrors)[0]) ?? (err instanceof Error ? err.message : t('saveFailed'));
      setError(message);
      showErrorToast(message);
    }
  }
  return { send, error, busy: upload.isPending };
}

function BrandForm({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const values = useMemo<BrandValues>(
    () => ({ name: settings.brand.name, brandColor: settings.brand.brandColor, bannerMessage: settings.brand.bannerMessage }),
    [settings.brand],
  );
  const { form, submit, saving, formError } = useSectionForm<BrandValues>(companyId, {
    draft: 'brand',
    schema: brandForm,
    values,
    toRequest: (v) => ({ brand: v }),
    fieldOf: withinSection('brand'),
  });
  const { errors } = form.formState;
  const [name, color, banner] = form.watch(['name', 'brandColor', 'bannerMessage']);
  const previewColor = /^#[0-9a-f]{6}$/i.test(color) ? color : settings.brand.brandColor;

  return (
    <SectionForm
      title={t('brand.title')}
      description={t('brand.intro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={saving}
      formError={formError}
    >
      <TextInput label={t('brand.name')} required {...form.register('name')} error={errors.name?.message} maxLength={120} />
      <Controller
        control={form.control}
        name="brandColor"
        render={({ field }) => (
          <ColorInput
            label={t('brand.color')}
            description={t('brand.colorHint')}
            required
            format="hex"
            swatches={SWATCHES}
            swatchesPerRow={8}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.brandColor?.message}
            eyeDropperButtonProps={{ 'aria-label': t('brand.eyeDropper') }}
          />
        )}
      />
      <Textarea
        label={t('brand.banner')}
        description={t('brand.bannerHint', { count: banner.length, max: 200 })}
        autosize
        minRows={2}
        maxLength={200}
        {...form.register('bannerMessage')}
        error={errors.bannerMessage?.message}
      />
      <Box>
        <Text size="sm" fw={500} mb={6}>
          {t('brand.preview')}
        </Text>
        <Box className={classes.preview} data-testid="brand-preview">
          <Group justify="space-between" wrap="nowrap" gap="sm" className={classes.previewBar}>
            {settings.brand.logoUrl ? (
              <img src={settings.brand.logoUrl} alt="" className={classes.previewLogo} />
            ) : (
              <Text fw={700} truncate>
                {name}
              </Text>
            )}
            <Box className={classes.previewButton} style={{ background: previewColor, color: textOn(previewColor) }}>
              {t('brand.previewButton')}
            </Box>
          </Group>
          {banner.trim() && (
            <Text size="sm" p="sm" style={{ borderTop: `3px solid ${previewColor}` }}>
              {banner}
            </Text>
          )}
        </Box>
      </Box>
    </SectionForm>
  );
}

function LogoPanel({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const upload = useFileUpload(companyId, { kind: 'logo' });
  const update = useUpdateSettings(companyId);
  const [confirm, setConfirm] = useState(false);
  const logo = settings.brand.logoUrl;
  async function remove() {
    try {
      await update.mutateAsync({ brand: { removeLogo: true } });
      showSuccessToast(t('saved'));
    } catch (err) {
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
    setConfirm(false);
  }
  return (
    <SectionPanel title={t('logo.title')} description={t('logo.intro')}>
      <Box className={classes.logoFrame}>
        {logo ? (
          <Image
            src={logo}
            alt={t('logo.previewAlt', { name: settings.brand.name })}
            w={170}
            h={60}
            fit="contain"
            data-testid="logo-preview"
          />
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            {t('logo.none')}
          </Text>
        )}
      </Box>
      <UploadInput
        label={t('logo.upload')}
        description={t('logo.uploadHint', { mb: COMPANY_LIMITS.logoBytes / 1024 / 1024 })}
        accept="image/png,image/jpeg,image/webp,image/gif"
        icon={<IconPhoto size={16} aria-hidden />}
        busy={upload.busy}
        error={upload.error}
        onFile={(file) => void upload.send(file)}
      />
      {logo && (
        <Group>
          <Button variant="subtle" color="red" onClick={() => setConfirm(true)}>
            {t('logo.remove')}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirm}
        title={t('logo.removeTitle')}
        text={t('logo.removeText')}
        confirmLabel={t('logo.remove')}
        color="red"
        closeLabel={t('cancel')}
        pending={update.isPending}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(false)}
      />
    </SectionPanel>
  );
}

const videoForm = brandSection.pick({ videoUrl: true });

function VideoPanel({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const upload = useFileUpload(companyId, { kind: 'video' });
  const update = useUpdateSettings(companyId);
  const [confirm, setConfirm] = useState(false);
  const { videoUrl, videoUploaded } = settings.brand;
  const values = useMemo(() => ({ videoUrl: videoUploaded ? '' : (videoUrl ?? '') }), [videoUrl, videoUploaded]);
  const { form, submit, saving, formError } = useSectionForm<{ videoUrl: string }>(companyId, {
    draft: 'video',
    schema: videoForm,
    values,
    toRequest: (v) => ({ brand: { videoUrl: v.videoUrl } }),
    fieldOf: (field) => (field === 'brand.videoUrl' ? 'videoUrl' : null),
  });
  async function remove() {
    try {
      await update.mutateAsync({ brand: { videoUrl: '' } });
      showSuccessToast(t('saved'));
    } catch (err) {
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
    setConfirm(false);
  }
  return (
    <SectionForm
      title={t('video.title')}
      description={t('video.intro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={saving}
      formError={formError}
      saveLabel={t('video.useAddress')}
    >
      <Text size="sm">
        {videoUrl ? (
          <>
            {videoUploaded ? t('video.currentUploaded') : t('video.currentAddress')}{' '}
            <Anchor href={videoUrl} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
              {videoUploaded ? t('video.open') : videoUrl}
            </Anchor>
          </>
        ) : (
          <Text span c="dimmed" size="sm">
            {t('video.none')}
          </Text>
        )}
      </Text>
      <Stack gap="xs">
        <UploadInput
          label={t('video.upload')}
          description={t('video.uploadHint', { mb: COMPANY_LIMITS.videoBytes / 1024 / 1024 })}
          accept="video/mp4,video/webm"
          icon={<IconVideo size={16} aria-hidden />}
          busy={upload.busy}
          error={upload.error}
          onFile={(file) => void upload.send(file)}
        />
        <TextInput
          label={t('video.address')}
          description={t('video.addressHint')}
          placeholder="https://"
          {...form.register('videoUrl')}
          error={form.formState.errors.videoUrl?.message}
        />
      </Stack>
      {videoUrl && (
        <Group>
          <Button variant="subtle" color="red" onClick={() => setConfirm(true)}>
            {t('video.remove')}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirm}
        title={t('video.removeTitle')}
        text={t('video.removeText')}
        confirmLabel={t('video.remove')}
        color="red"
        closeLabel={t('cancel')}
        pending={update.isPending}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(false)}
      />
    </SectionForm>
  );
}

/** Brand: name, colour and banner (one form), the logo and the home page's video. */
export function BrandTab({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  return (
    <Stack gap="lg">
      <BrandForm companyId={companyId} settings={settings} />
      <LogoPanel companyId={companyId} settings={settings} />
      <VideoPanel companyId={companyId} settings={settings} />
    </Stack>
  );
}
