import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@mawingu/contracts/profile';
import { useRemoveProfileImage } from '../../../api/profile/remove-profile-image.ts';
import { useUpdateProfileImage } from '../../../api/profile/update-profile-image.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useAccountText } from '../account-text.ts';
import { ProfileAvatar } from './profile-avatar.tsx';

type ProfileImageModalProps = { opened: boolean; onClose: () => void; imageUrl: string | null; hasImage: boolean; name: string };

/** What the browser can tell before sending: the declared type and the size (the server reads the bytes). */
function clientCheck(file: File): string | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return messages.imageTypeInvalid;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return messages.imageTooLarge;
  return null;
}

/** Spec: the profile image's modal offers Remove or Update; the profile refreshes after either. */
export function ProfileImageModal({ opened, onClose, imageUrl, hasImage, name }: ProfileImageModalProps) {
  const { t } = useTranslation('account');
  const text = useAccountText();
  const upload = useUpdateProfileImage();
  const remove = useRemoveProfileImage();
  const [problem, setProblem] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  const busy = upload.isPending || remove.isPending;

  const close = () => {
    setProblem(null);
    onClose();
  };

  const finish = (reply: { status: number; message: string }) => {
    if (reply.status === 200) {
      showSuccessToast(text(reply.message));
      close();
    } else {
      setProblem(reply.message);
      showErrorToast(text(reply.message));
    }
  };

  const onFile = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    const refused = clientCheck(file);
    setProblem(refused);
    if (refused) return;
    finish(await upload.mutateAsync(file));
  };

  return (
    <Modal opened={opened} onClose={close} title={t('picture.modalTitle')} centered size="sm" closeOnClickOutside={!busy}>
      <Stack align="center" gap="md">
        <ProfileAvatar url={imageUrl} name={name} size={128} />
        <Text size="sm" c="dimmed" ta="center">
          {t('picture.hint')}
        </Text>
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} w="100%" role="alert">
            {text(problem)}
          </Alert>
        )}
        <Group grow w="100%" gap="sm">
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} stroke={1.7} aria-hidden />}
            disabled={!hasImage || upload.isPending}
            loading={remove.isPending}
            onClick={() => void remove.mutateAsync().then(finish)}
          >
            {t('picture.remove')}
          </Button>
          <FileButton resetRef={resetFile} accept={PROFILE_IMAGE_TYPES.join(',')} onChange={(file) => void onFile(file)}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} stroke={1.7} aria-hidden />}
                loading={upload.isPending}
                disabled={remove.isPending}
              >
                {t('picture.update')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Modal>
  );
}
