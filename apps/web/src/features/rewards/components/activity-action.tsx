import type { ActivityClaimResult, PlayerActivity } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/ui/form';
import { Icon } from '../../../components/ui/icon';
import { errorMessageKey, isApiError } from '../../../lib/api';
import { useActivityClaim, useActivityJoin, type ClaimInput } from '../api/reward-queries';
import type { MoneyFormat } from '../model/format';
import { ContactDialog } from './contact-dialog';

interface ActivityActionProps {
  activity: PlayerActivity;
  money: MoneyFormat;
  /** The id of the element naming the activity, so each button says which activity it acts on. */
  describedBy?: string;
}

/** What the last action did, shown under the button until the next one. */
type Outcome = { kind: 'joined' } | { kind: 'claimed'; result: ActivityClaimResult };

/**
 * The activity's button (join, claim or apply: a claim an operator reviews) and what came of it. An
 * activity that needs a contact first asks for the Zalo or WhatsApp id in a dialog; a claim the server
 * refuses for want of a contact opens that dialog too.
 */
export function ActivityAction({ activity, money, describedBy }: ActivityActionProps) {
  const { t } = useTranslation('rewards');
  const join = useActivityJoin();
  const claim = useActivityClaim();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const pending = join.isPending || claim.isPending;
  const action = activity.action;

  const sendClaim = (input: ClaimInput) => {
    setError(null);
    claim.mutate(input, {
      onSuccess: (result) => {
        setAsking(false);
        setOutcome({ kind: 'claimed', result });
      },
      onError: (failure) => {
        // The server knows best whether a contact is needed: ask for one rather than only refuse.
        if (!input.contact && isApiError(failure) && failure.code === 'activity_contact_required') {
          setAsking(true);
          return;
        }
        setError(t(errorMessageKey(failure)));
      },
    });
  };

  const start = () => {
    setOutcome(null);
    setError(null);
    if (action === 'join') {
      join.mutate(activity.id, {
        onSuccess: () => setOutcome({ kind: 'joined' }),
        onError: (failure) => setError(t(errorMessageKey(failure))),
      });
    } else if (activity.requiresContact) {
      setAsking(true);
    } else {
      sendClaim({ id: activity.id });
    }
  };

  return (
    <div className="reward-action">
      {action ? (
        <button
          type="button"
          className={`button ${action === 'join' ? 'button--secondary' : 'button--primary'}`}
          onClick={start}
          disabled={pending}
          aria-busy={pending}
          aria-describedby={describedBy}
        >
          {pending && !asking ? t('rewards.pending') : t(`rewards.action.${action}`)}
        </button>
      ) : null}
      {/* One live region, present before anything is said in it, so the result is announced. */}
      <div role="status" className="reward-action__status">
        {outcome ? (
          <p className="form-message form-message--success">
            <Icon name="check" size={18} />
            <span>
              {outcome.kind === 'joined'
                ? t('rewards.result.joined')
                : t(outcome.result.replayed ? 'rewards.result.replayed' : 'rewards.result.claimed', {
                    amount: money(outcome.result.amount),
                    status: t(`rewards.status.${outcome.result.status}`),
                  })}
            </span>
          </p>
        ) : null}
      </div>
      {error && !asking ? <FormMessage kind="error">{error}</FormMessage> : null}
      {asking ? (
        <ContactDialog
          activityTitle={activity.title}
          pending={claim.isPending}
          error={error}
          onSubmit={(contact) => sendClaim({ id: activity.id, contact })}
          onClose={() => {
            setAsking(false);
            setError(null);
          }}
        />
      ) : null}
    </div>
  );
}
