import { ActionIcon, Group } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTwitter,
  IconBrandYoutube,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import type { CompanyConfiguration } from '@mawingu/contracts/company';
import { toExternalHref } from '../lib/external-url.ts';
import { useSpecText } from '../lib/spec-text.ts';
import { IntentTooltip } from './intent-tooltip.tsx';
import classes from './social-links.module.css';

type SocialKey = 'facebook' | 'instagram' | 'twitter' | 'youtube' | 'linkedIn';

/** The spec's order: Facebook, Instagram, Twitter, YouTube, LinkedIn. */
const NETWORKS: readonly { key: SocialKey; icon: Icon }[] = [
  { key: 'facebook', icon: IconBrandFacebook },
  { key: 'instagram', icon: IconBrandInstagram },
  { key: 'twitter', icon: IconBrandTwitter },
  { key: 'youtube', icon: IconBrandYoutube },
  { key: 'linkedIn', icon: IconBrandLinkedin },
];

/** The five networks of the spec; one without an address is a muted icon with "Link not available". */
export function SocialLinks({ config }: { config: CompanyConfiguration | null }) {
  const { t } = useTranslation();
  const specText = useSpecText();
  const notAvailable = specText(messages.linkNotAvailable);
  return (
    <Group gap={6}>
      {NETWORKS.map(({ key, icon: NetworkIcon }) => {
        const href = toExternalHref(config?.[key]);
        const label = t(`social.${key}`);
        const icon = <NetworkIcon size={20} stroke={1.6} aria-hidden />;
        if (href) {
          return (
            <ActionIcon
              key={key}
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="lg"
              radius="xl"
              aria-label={label}
            >
              {icon}
            </ActionIcon>
          );
        }
        // Not a link: focusable so keyboard users also get the tooltip.
        return (
          <IntentTooltip key={key} label={notAvailable}>
            <ActionIcon
              component="span"
              tabIndex={0}
              role="img"
              variant="default"
              size="lg"
              radius="xl"
              aria-label={`${label}: ${notAvailable}`}
              className={classes.unavailable}
              data-unavailable
            >
              {icon}
            </ActionIcon>
          </IntentTooltip>
        );
      })}
    </Group>
  );
}
