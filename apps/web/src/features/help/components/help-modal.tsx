import { CircleHelp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Accordion, RichText } from '../../../components/ui/accordion';
import { Dialog } from '../../../components/ui/dialog';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { findSectionByAnchor, useHelpCenter } from '../api/help-center';

/** helpModal: the help centre by section, opened at an anchor (spec §2: /help opens #term). */
export function HelpModal({ anchor, onClose }: { anchor?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const help = useHelpCenter();
  const sections = help.data ?? [];
  const [sectionId, setSectionId] = useState<string | null>(null);
  const [articleId, setArticleId] = useState<string | null>(null);
  const section = sections.find((entry) => entry.id === sectionId) ?? findSectionByAnchor(sections, anchor);
  const anchoredArticle =
    section?.articles.find((article) => article.anchor === anchor) ?? section?.articles[0];
  const openArticleId = articleId === '' ? null : (articleId ?? anchoredArticle?.id ?? null);

  return (
    <Dialog
      title={t('modals.helpTitle')}
      onClose={onClose}
      size="lg"
      testId="help-modal"
      header={
        sections.length > 1 ? (
          <Tabs
            className="px-2 md:px-3"
            label={t('modals.helpTitle')}
            items={sections.map((entry) => ({ key: entry.id, label: entry.title }))}
            value={section?.id ?? ''}
            onChange={(key) => {
              setSectionId(key);
              setArticleId(null);
            }}
          />
        ) : undefined
      }
    >
      {help.isPending ? (
        <SkeletonLines lines={6} />
      ) : help.isError ? (
        <ErrorState onRetry={() => void help.refetch()} />
      ) : !section || section.articles.length === 0 ? (
        <EmptyState line={t('modals.noHelp')} icon={<CircleHelp size={26} aria-hidden="true" />} />
      ) : (
        <Accordion
          openId={openArticleId}
          onOpenChange={(id) => setArticleId(id ?? '')}
          items={section.articles.map((article) => ({
            id: article.id,
            title: article.title,
            body: <RichText html={article.content} />,
          }))}
        />
      )}
    </Dialog>
  );
}
