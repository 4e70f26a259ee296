import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CompanyConfiguration } from '@mawingu/contracts/company';
import defaultLogo from '../../../assets/default-logo.svg';
import { paths } from '../../paths.ts';
import classes from './header.module.css';

/**
 * Spec: logo at 170 × 60 linking home; the default logo when no configuration exists. A company
 * without a usable image shows its name instead of someone else's mark. `linked={false}` on the
 * maintenance page, where home leads back to it.
 */
export function SiteLogo({ config, linked = true }: { config: CompanyConfiguration | null; linked?: boolean }) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const imagePath = config?.imagePath?.trim();
  const usableImage = imagePath && imagePath !== 'NA' && imagePath !== failedSrc ? imagePath : null;
  const label = config ? t('logo.alt', { companyName: config.companyName }) : t('logo.defaultAlt');

  let content;
  if (!config) content = <img className={classes.logo} src={defaultLogo} alt={label} width={170} height={60} />;
  else if (usableImage) {
    content = (
      <img className={classes.logo} src={usableImage} alt={label} width={170} height={60} onError={() => setFailedSrc(usableImage)} />
    );
  } else content = <span className={classes.wordmark}>{config.companyName}</span>;

  if (!linked) return <span className={classes.logoLink}>{content}</span>;
  return (
    <Link to={paths.home.getHref()} className={classes.logoLink}>
      {content}
    </Link>
  );
}
