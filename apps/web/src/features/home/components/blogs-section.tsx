import { useTranslation } from 'react-i18next';
import { BlogCards } from '../../../components/blog-cards.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';

export function BlogsSection() {
  const { t } = useTranslation();
  return (
    <PageSection labelledBy="home-blogs" muted>
      <SectionHeading id="home-blogs" title={t('home.blogsTitle')} text={t('home.blogsText')} />
      <BlogCards />
    </PageSection>
  );
}
