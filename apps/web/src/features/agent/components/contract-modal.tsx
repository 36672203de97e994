import { FileSignature } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { Dialog } from '../../../components/ui/dialog';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/states';
import { contractKinds } from '../contract-kinds';
import { useWaitingOffers } from '../hooks/use-waiting-offers';
import { OfferCard } from './contract-parts';

/**
 * The contract modal of spec §2 (logged-in agents only): the offers waiting for my answer, each
 * with accept and reject, and a link to its kind's page in the agent centre.
 */
export function ContractModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { offers, isLoaded } = useWaitingOffers();
  return (
    <Dialog title={t('contracts.modal.title')} onClose={onClose} size="md" testId="contract-modal">
      <div className="flex flex-col gap-3">
        {!isLoaded && offers.length === 0 ? (
          <SkeletonLines lines={5} />
        ) : offers.length === 0 ? (
          <EmptyState
            line={t('contracts.modal.allAnswered')}
            icon={<FileSignature size={26} aria-hidden="true" />}
          />
        ) : (
          <>
            <p className="text-sm text-muted">{t('contracts.modal.line', { count: offers.length })}</p>
            <ul className="flex flex-col gap-3">
              {offers.map(({ offer, current }) => (
                <OfferCard
                  key={offer.id}
                  offer={offer}
                  current={current}
                  showKind
                  footer={
                    <ButtonLink
                      variant="ghost"
                      size="sm"
                      to={`/agentHome?page=${contractKinds[offer.kind].page}`}
                      onClick={onClose}
                      data-testid="contract-modal-open-page"
                    >
                      {t('contracts.modal.openPage', {
                        page: t(`pages.agentPages.${contractKinds[offer.kind].page}`),
                      })}
                    </ButtonLink>
                  }
                />
              ))}
            </ul>
          </>
        )}
      </div>
    </Dialog>
  );
}
