import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** Placeholder for dashboard sections that later issues fill. */
export function UnderConstructionRoute({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <>
      <PageHeader title={t(titleKey, { id: id ?? '' })} />
      <EmptyState title={t('placeholder.title')} text={t('placeholder.text')} testId="under-construction" />
    </>
  );
}
